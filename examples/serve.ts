import { createExampleApp } from './createExampleApp.ts';

// `npm start`: serves the examples until Ctrl-C.
const app = await createExampleApp();
const { url } = await app.run();
console.log(`Hyperpipe examples on ${url}. Try:
  curl -i ${url}/
  curl -i ${url}/ping
  curl -i -X POST ${url}/post
  curl -i -X DELETE ${url}/ping        (405 with Allow)
  curl -i ${url}/blog/
  curl -i ${url}/blog/hello-pipeline
  curl -i ${url}/api/ping
  curl -i ${url}/api/echo/hello
  curl -i -X POST ${url}/api/ping      (405 as JSON, from the API's error middleware)
Ctrl-C stops the server.`);
