// The word HelloHandler greets with. A *.local.ts file could change it on one machine.
export default {
  greeting: 'Hello',
};
