// The number purchase forms' rules (crates/domain services, through the forms wasm module).
export type {
  AttributionEdit,
  DynamicPoolForm,
  InlineList,
  NewServicePlanForm,
  StaticNumberForm,
} from './pkg/domain_wasm.js';

export {
  releaseNote,
  validateDynamicPool,
  validateInlineAdd,
  validateNewServicePlan,
  validateNumberAttribution,
  validateParameterName,
  validateStaticNumber,
} from './pkg/domain_wasm.js';
