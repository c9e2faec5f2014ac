// The user and password forms' rules (crates/domain through the forms wasm module, pkg), as wasm
// answers them: re-exported, with the declarations wasm-bindgen writes from the Rust code.
export type { BillingDetailsForm, ProviderSettingsDef } from './pkg/domain_wasm.js';

export {
  ftpFileNameHint,
  offersUserDelete,
  providerSettings,
  termsProblem,
  validateBillingDetails,
  validateGaConnect,
  validateIntegrationSettings,
  validatePasswordConfirmation,
  validateProviderSettings,
  validateUserForm,
} from './pkg/domain_wasm.js';
