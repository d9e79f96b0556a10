import { echoHandler } from '../../src/EchoHandler.ts';
import { jsonErrors } from '../../src/jsonErrors.ts';
import { PingHandler } from '../../src/PingHandler.ts';
import { poweredBy } from '../../src/poweredBy.ts';

// Services the routes and the pipeline name. The container creates each on first use.
export default {
  dependencies: {
    invokables: { PingHandler },
    services: { EchoHandler: echoHandler, PoweredBy: poweredBy, JsonErrors: jsonErrors },
  },
};
