export { runStep, stepFailure, parseTimeRecord, physicalMemoryMb, type StepRequest, type StepResult, type StdoutTarget } from './run-step.ts';
export { runSteps, stepOutputFiles, type StepCommand, type StepChunks, type RunChunks, type StepRecord, type RunStepsOptions, type StepsOutcome } from './run-steps.ts';
export { stageInputs, stagedName, type InputToStage, type StagedFile } from './stage-inputs.ts';
export { errorReason, exitFailure, ERROR_LINE_PREFIX, INPUT_ERROR_LINE_PREFIX, PLATFORM_ERROR_LINE_PREFIX } from './error-line.ts';
export { stepEnvironment } from './step-env.ts';
export { pythonCommand, pythonScriptCommand, type PythonInstall } from './python-command.ts';
