import type { Container } from 'hyperpipe';
import { ProblemMiddleware } from 'hyperpipe/problem';
import { FindMyWayRouter } from 'hyperpipe/router';
import { Versioning, type VersioningOptions } from 'hyperpipe/versioning';
import { SpeakerResource as SpeakerResourceV1 } from '../../src/Conference/V1/Rest/Speaker/SpeakerResource.ts';
import { TalkResource as TalkResourceV1 } from '../../src/Conference/V1/Rest/Talk/TalkResource.ts';
import { SpeakerResource as SpeakerResourceV2 } from '../../src/Conference/V2/Rest/Speaker/SpeakerResource.ts';
import { TalkResource as TalkResourceV2 } from '../../src/Conference/V2/Rest/Talk/TalkResource.ts';
import { Catalogue, openCheckedCatalogue } from '../../src/database/Catalogue.ts';
import { NotFoundProblem } from '../../src/NotFoundProblem.ts';
import { TimezoneHandler } from '../../src/Timezone/TimezoneHandler.ts';

interface ConferenceConfig {
  debug?: boolean;
  database: { path: string };
  versioning: VersioningOptions;
}

const config = (container: Container) => container.get('config') as ConferenceConfig;

// Every service of the API. The container builds each on first use and shares it.
export default {
  // Media types name versions as application/vnd.conference.v2+json; unversioned URLs
  // serve version 1. The OpenAPI document reads this too.
  versioning: { vendor: 'conference', defaultVersion: 1 },
  dependencies: {
    invokables: {
      TimezoneHandler,
      NotFoundProblem,
    },
    factories: {
      // One router, shared by the application and the versioning middleware.
      Router: () => new FindMyWayRouter(),
      Database: (container: Container) => openCheckedCatalogue(config(container).database.path),
      Catalogue: (container: Container) =>
        new Catalogue(
          () => container.get('Database') as ReturnType<typeof openCheckedCatalogue>,
          config(container).database.path,
        ),
      'Conference.V1.Speaker': (container: Container) =>
        new SpeakerResourceV1(container.get('Catalogue') as Catalogue),
      'Conference.V1.Talk': (container: Container) =>
        new TalkResourceV1(container.get('Catalogue') as Catalogue),
      'Conference.V2.Speaker': (container: Container) =>
        new SpeakerResourceV2(container.get('Catalogue') as Catalogue),
      'Conference.V2.Talk': (container: Container) =>
        new TalkResourceV2(container.get('Catalogue') as Catalogue),
      Versioning: (container: Container) =>
        new Versioning(container.get('Router') as FindMyWayRouter, config(container).versioning),
      ProblemMiddleware: (container: Container) =>
        new ProblemMiddleware({ debug: config(container).debug === true }),
    },
  },
};
