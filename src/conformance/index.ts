/**
 * `opensocial-kit/conformance`: the data-driven conformance suite and its runner. The runner
 * speaks HTTP to a base URL and never imports the reference server.
 */

/** The case format (generated from conformance/case.schema.json). */
export type {
  AuthMode,
  AuthSpec,
  BodySpec,
  ExpectSpec,
  Feature,
  HeaderCheck,
  Level,
  PointerCheck,
  RequestSpec,
  Role,
  StepSpec,
} from "./case-types.js";
/** Closed lists of roles and features. */
export { FEATURES, ROLES } from "./case-types.js";
/** One check's result record: whether it passed, the statement it proves, its finding. */
export type { CheckResult } from "./checks/check-result.js";
/** What a check found: stable codes and their parameters. */
export { FINDINGS, type Finding, type FindingCode } from "./checks/finding-codes.js";
/** The words for aborts and smoke refusals, as the CLI prints them. */
export { abortText, smokeRefusalText } from "./reporters/abort-text.js";
/** The words for check findings, as every reporter prints them. */
export { checkText, findingText } from "./reporters/check-text.js";
/** The words for failure records, as every reporter prints them. */
export {
  caseMessage,
  skipText,
  staleText,
  stepFailureText,
  stepLabel,
  transportText,
} from "./reporters/failure-text.js";
/** Reporters by name. */
export {
  createProgress,
  isReporterName,
  type Progress,
  type ProgressStream,
  REPORTERS,
  type ReportContext,
  type ReporterName,
} from "./reporters/index.js";
/** Issues as text, one line each (`file pointer: message`). */
export { issueText } from "./reporters/issue-text.js";
/** A request body's bytes: held whole, or a large body described (head, a byte repeated, tail). */
export type { BodyBytes, FilledBytes } from "./request/body-bytes.js";
/** The curl reproduction line (secrets redacted). */
export { curlLine } from "./request/curl.js";
/** Redaction of signatures and secrets where they can appear (never in ids, descriptions, paths). */
export { redact } from "./request/redact.js";
/** A request as the HTTP client sends it. */
export type { WireRequest } from "./request/wire-request.js";
/** Exit codes of a run. */
export { EXIT } from "./run/exit-codes.js";
/** Result records. */
export type {
  CaseResult,
  Outcome,
  RunReport,
  StaleExpectation,
  StepResult,
  Summary,
} from "./run/results.js";
/** Why a run, a diff or a fuzz run could not start (the CLI maps the kind to an exit code). */
export { type AbortKind, isRunAbort, type RunAbort, type SkippedCase } from "./run/run-abort.js";
/** Running the suite. */
export { type RunOptions, runSuite } from "./run/run-suite.js";
/** Why the smoke request did not get 200. */
export type { SmokeRefusal } from "./run/smoke.js";
/** Why a step got no answer to check: stable codes. */
export {
  STEP_FAILURES,
  type StepFailure,
  type StepFailureCode,
  TRANSPORT_FAILURES,
} from "./run/step-failure.js";
/** The statement catalogue's format. */
export type { Statement } from "./statement-types.js";
/** Clause coverage: which cases cite each clause, and which testable clauses none does. */
export { type ClauseCoverage, type Coverage, clauseCoverage } from "./suite/coverage.js";
/** A case as the runner sees it, its library steps (`use`) expanded. */
export type { CaseSpec } from "./suite/expand-steps.js";
/** The expectations file (known failures). */
export { type ExpectationEntry, expectationEntry, loadExpectations } from "./suite/expectations.js";
/** Loading and validating the suite. */
export { loadCases } from "./suite/load-cases.js";
/** Loading the statement catalogue, and each statement's text by id. */
export { loadStatements, statementTexts } from "./suite/load-statements.js";
/** Why a selected case is skipped for a target. */
export type { SkipReason } from "./suite/selection.js";
/** Target files. */
export {
  checkTarget,
  loadTarget,
  type Target,
  type TargetEnv,
  type TargetWarning,
} from "./suite/target.js";
/** The bounded HTTP client. */
export {
  createHttpClient,
  type Exchange,
  type HttpClient,
  type TransportError,
  type TransportErrorCode,
  type WireResponse,
} from "./transport/http-client.js";
/** One signed request to a target (`opensocial-kit request`). */
export {
  type OneRequest,
  type OneRequestBody,
  type OneResult,
  resolvePath,
  sendOne,
} from "./transport/one-request.js";
