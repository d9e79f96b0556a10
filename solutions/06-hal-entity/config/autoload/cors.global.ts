// Which origins browsers may call the API from. A *.local.* file overrides it per machine,
// for example { "cors": { "allow_origin": "http://localhost:3000" } }.
export default {
  cors: { allow_origin: '*' },
};
