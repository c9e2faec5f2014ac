//! Static numbers after they are bought: campaigns, a number's attribution fields,
//! moving and releasing numbers, and the lists' sorts. The purchase form's rules
//! (`services::static_number`) share the attribution rule with the edit.

pub mod attribution;
pub mod campaigns;
pub mod listing;
pub mod release;

pub use attribution::{
    check_media_description, number_ids, validate_attribution, AttributionEdit, IDS_MAX, IDS_MESSAGE,
    MEDIA_DESCRIPTION_MAX,
};
pub use campaigns::{campaign_not_empty, CampaignSort};
pub use listing::{route_summary, status_label, NumberRoute, NumberSort};
pub use release::{
    prefix_of, release_message, release_note, release_note_at, release_terms, ReleaseTerms, QUARANTINE_DAYS,
};

use crate::account::{AccountState, AuthLevel};

/// Who changes campaigns and numbers (and the integrations they feed): administrators and
/// owners, and users with the number/campaign admin right.
pub fn can_edit_numbers(account: &AccountState) -> bool {
    account.user_auth_code >= AuthLevel::ADMINISTRATOR || account.can_edit_numbers_campaigns
}
