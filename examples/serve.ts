import { createExampleApp } from './createExampleApp.ts';

// `npm run examples`: serves the examples until Ctrl-C.
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
  curl -i ${url}/api/user?page=2       (a HAL collection, page 2 of 3)
  curl -i ${url}/api/user/3            (HAL with embedded contacts)
  curl -i -H 'Accept: application/vnd.example.v2+json' ${url}/api/user/3   (version 2: contacts as links)
  curl -i -X DELETE ${url}/api/user/3  (a 405 API Problem)
Ctrl-C stops the server.`);
