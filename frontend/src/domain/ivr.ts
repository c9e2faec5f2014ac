// The IVR rules (crates/domain/src/routing/ivr), as the browser calls them.
export type {
  CallEnd,
  CallPath,
  CallStep,
  FlowEdge,
  FlowNode,
  IvrFlow,
  IvrForm,
  IvrKey,
  IvrLibrary,
  KeyType,
  Named,
  StoredIvr,
} from './pkg/domain_wasm.js';

export {
  followCall,
  ivrAddKey,
  ivrFlow,
  ivrRemoveKey,
  ivrSetHangUpAfterAudio,
  ivrSetKeyType,
  ivrSetRepeatKey,
  noMoreKeys,
  servicePlanFlow,
  validateIvr,
} from './pkg/domain_wasm.js';
