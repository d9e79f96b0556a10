import { createApp } from './app.ts';

// app.run() serves the application with node:http on PORT, or 8080, until Ctrl-C.
const app = await createApp();
const { url } = await app.run();
console.log(`Listening on ${url}`);
