// Call tags' rules (crates/domain/src/tags through the forms wasm module, pkg).
export type { TagFacts, TagForm, TagRule, TagRuleForm } from './pkg/domain_wasm.js';

export { automaticTags, validateTag, validateTagRule } from './pkg/domain_wasm.js';
