// TODO: build the application with createApp() from './app.ts', serve it with app.run(),
// and print the URL it resolves to. app.run() listens on the PORT environment variable,
// or 8080 when PORT is not set.
export {};
