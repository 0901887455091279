/**
 * Internal and environment errors: the label checker, the offline injectors, agreement reports and
 * environment-error kinds. Shared by diversify-internal, diversify-external and observe.
 */
export { classifyAction, isErrorLabel, type CheckContext, type Verdict } from './labelChecker.js';
export { fitsType, sameValue, paramIndex, findTool, toolkitOf, apiOf, isPlainObject, show } from './values.js';
export {
  INJECTORS,
  INJECTORS_VERSION,
  applicability,
  inject,
  inventedApiNames,
  renamesFor,
  adaptArgs,
  relevance,
  erroneousThought,
  querySpans,
  confusableTools,
  repeatsValidStep,
  earlyLaterStep,
  type Injection,
  type InjectionInput,
  type Injector,
  type Applicability,
  type EarlierStep,
} from './injectors/index.js';
export { agreementByMethod, formatAgreement, type AgreementRow, type CandidateRecord } from './agreement.js';
export { isErrorResponse } from './responses.js';
export { toolSimilarity, randomDrawSimilarity, confusable, type ToolSimilarity } from './similarity.js';
export { valueKindProblem, kindOfParam, isNameFragment, looksLikeClause, type ParamKind } from './kinds.js';
export { leaksIn, changedValues, wrongKeys, type Leak } from './leaks.js';
export { classifyEnvironmentMessage, notAnEnvironmentError, kindForStatus, kindWeights, type EnvironmentClass } from './environment.js';
