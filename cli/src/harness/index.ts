/**
 * The workshop's check harness: what the steps' `*.check.ts` files use to talk to the
 * learner's project and to explain failures. What runs them (runChecks.ts, warmChecks.ts)
 * and the type-check (typecheck.ts) are left out: every check file loads this module, and
 * TypeScript alone would add half a second to each run.
 *
 * @packageDocumentation
 */

export {
  BASE_URL,
  type CheckContext,
  checkContext,
  contextFromEnv,
  setCheckContext,
} from './context.ts';
export {
  type Exchange,
  type Handler,
  type SendOptions,
  type SentRequest,
  send,
} from './exchange.ts';
export {
  type CheckOptions,
  type Expectation,
  expectResponse,
  expectThat,
  type ResponseExpectation,
  responseDifferences,
} from './expect.ts';
export { type Matcher, satisfies } from './matchers.ts';
export { prerequisite } from './prerequisite.ts';
export { CheckFailure, formatReport, type Report } from './report.ts';
export { type ServedTarget, type ServeTargetOptions, serveTarget } from './serveTarget.ts';
export {
  type CreateApp,
  closeTargetApps,
  createTargetApp,
  loadCreateApp,
  readTargetConfig,
  setStartupHint,
  targetApp,
  targetConfigFolder,
  withLocalConfig,
} from './target.ts';
export { setHandlerHints } from './thrown.ts';
