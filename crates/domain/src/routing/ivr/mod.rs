//! IVR menus (spec/call-routing.md sections 3, 4 and 5): the key table and its editing rules,
//! the form's validation, the flow of a service plan as a graph with its loops and dead ends,
//! and the path a call takes through time of day and key presses.

mod call_path;
mod credits;
mod flow;
mod form;
mod key_edits;
mod keys;

pub(crate) use call_path::reach;
pub use call_path::{call_end, menu_credits, Menus, Next, Reached};
pub use call_path::{follow_call, CallEnd, CallPath, CallStep, MAX_MENU_STEPS};
pub use credits::{
    bought_ivrs, clone_refusal, ivr_credits, next_ivr_included, IvrCredits, ONLY_TOP_LEVEL, TERMS_REQUIRED,
};
pub use flow::{ivr_flow, service_plan_flow, FlowEdge, FlowIssues, FlowNode, IvrFlow, Library, Named, StoredIvr};
pub use form::{no_more_keys, validate_ivr, IvrForm, IVR_DESCRIPTION_MAX, REPEAT_AUDIO_MAX, TOO_MANY_KEYS};
pub use key_edits::{add_key, remove_key, set_hang_up_after_audio, set_key_type, set_repeat_key};
pub use keys::{IvrKey, KeyType, KEY_ORDER, MAX_KEYS, NO_REPEAT};
