//! The rules no schema can state, each with the calls it may refuse a schema-valid request by
//! (422, with the field's message): one place. Every other call accepts whatever its schema
//! allows. The contract marks each of these calls `x-refused-by-rules` with the reason and tells
//! its 422 (`contract::finish`); schemathesis' positive_data_acceptance accepts that 422 from
//! them and nothing else that refuses (scripts/schemathesis.toml), so a 400 for a schema-valid
//! request still fails there too.
//!
//! A call is named by its operation id; a `_slash` twin (the same handler at the path with a
//! trailing slash) is the same call, so it is named once.

/// A rule no schema can state, and the calls it may refuse by, each with the fields it names.
pub struct RefusedBy {
    pub rule: &'static str,
    pub calls: &'static [(&'static str, &'static str)],
}

pub const REFUSED_BY_RULES: &[RefusedBy] = &[
    RefusedBy {
        rule: "unique among the account's stored rows of its kind (DESCRIPTION_NOT_UNIQUE, NAME_NOT_UNIQUE or the form's own words)",
        calls: &[
            ("post_categories_addCategory", "form_description"),
            ("post_managecallcategories_createNew", "form_description"),
            ("post_managereportgroup_addReportGroup", "form_description"),
            ("post_managesecondaryreportgroup_addReportGroup", "form_description"),
            ("post_managecampaigns_insertCampaign", "campaign"),
            ("post_managecampaigns_renameCampaign", "campaign (among the account's other campaigns)"),
            ("post_managechannels_insertChannel", "channel"),
            ("post_managedepartments_insertDepartment", "department"),
            ("post_managemediaowners_insertMediaOwner", "mediaowner"),
            ("post_outboundcampaigns_addCampaign", "outboundCampaignName"),
            ("post_outboundcampaigns_editCampaign_id", "outboundCampaignName"),
            ("post_tags_addTag", "form_description"),
            ("post_tags_editTag_id", "form_description"),
            ("post_managesources_insertSource", "source and medium, as a pair"),
            ("post_managesources_updateSource", "source and medium, as a pair"),
            ("post_parameters_addParameter", "parameter"),
            ("post_outboundcli_addCallerId", "form_number (not listed already, not one of the account's tracked numbers)"),
            ("post_queues_save_id", "form_description"),
            ("post_timeofday_createNewServicePlan", "description"),
            ("post_manageconnections_create_plan", "form_plan_description"),
            ("post_manageconnections_update_plan", "form_plan_description"),
            ("post_managedtmf_saveInCall_id", "form_description"),
            ("post_manageterms_storeDestinationNumber", "form_number_description; form_destination_number with its form_international_code"),
            ("post_manageterms_updateDestinationNumber", "form_number_description"),
            ("post_manageaudios_updateAudio", "form_description"),
            ("post_cta_addCta", "form_name"),
            ("post_scores_addScorecard", "form_name (NAME_NOT_UNIQUE)"),
            ("post_manageivrrouting_updateExistingIvr", "description (among the account's other IVRs)"),
            ("post_manageroutings_save_id", "form_description"),
            ("post_users_save_id", "form_email (another user's, EMAIL_IN_USE)"),
            ("post_partnerportal_addAccount", "form_email (another user's, EMAIL_IN_USE)"),
            ("post_manageaudios_addAudio", "form_description"),
            ("post_managedynamicwhispers_save_id", "description"),
            ("post_manageivrrouting_createIvr_parent", "description (among the account's IVRs)"),
            ("post_conversions_addConversion", "form_name (NAME_NOT_UNIQUE)"),
            ("post_conversions_editConversion_id", "form_name (NAME_NOT_UNIQUE)"),
        ],
    },
    RefusedBy {
        rule: "a limit on how many stored rows the account holds",
        calls: &[
            ("post_agents_giveAccess", "userId (every agent the account pays for is in use, AGENT_LIMIT_REACHED)"),
            ("post_technologypartner_createApiKey", "form_name (MAX_ACTIVE_KEYS keys active at once)"),
            ("post_parameters_addParameter", "parameter (PARAMETERS_MAX)"),
            ("post_outboundcli_addCallerId", "form_number (OUTSIDE_MAX)"),
            ("post_managesources_insertRule", "field (RULES_MAX)"),
            ("post_managesources_updateRule", "field (RULES_MAX)"),
        ],
    },
    RefusedBy {
        rule: "how often: the codes sent to a number or by an account in the last 24 hours, the calls an account makes a minute (429)",
        calls: &[
            ("post_outboundcli_addCallerId", "form_number (a code a minute and CODES_PER_NUMBER_PER_DAY to a number, CODES_PER_ACCOUNT_PER_DAY from an account)"),
            ("post_outboundcli_resendCode_id", "form_code (a code a minute and CODES_PER_NUMBER_PER_DAY to a number, CODES_PER_ACCOUNT_PER_DAY from an account)"),
            ("post_outboundcli_verifyCallerId_id", "form_code (WRONG_CODES_PER_NUMBER_PER_DAY wrong codes for a number)"),
            ("post_phone_testCall", "entryId (PHONE_LIMITS: test calls a user and an account ready a minute, and have in progress)"),
            ("post_phone_callOut", "number (PHONE_LIMITS: calls a user and an account ready a minute, and have in progress)"),
        ],
    },
    RefusedBy {
        rule: "what the account's stored records allow now",
        calls: &[
            ("post_managecampaigns_deleteCampaign", "id (a campaign that still holds numbers)"),
            ("post_managesources_deleteSource", "id (the default pair, or one a pool or whisper uses)"),
            ("post_outboundterms_acceptTerms", "form_terms (accepted once, TERMS_ACCEPTED_ALREADY)"),
            ("post_speech_addVoiceTag", "form_description (unique among the account's voice tags; at most 50); form_phrases (1 to 10 phrases a line, each of at most 6 words and 60 characters)"),
            ("post_speech_editVoiceTag_id", "form_description (unique among the account's other voice tags); form_phrases (1 to 10 phrases a line, each of at most 6 words and 60 characters)"),
            ("post_dynamicurls_addPoolNumbers_id_pool", "terms (ticked); count (numbers left in the inventory)"),
            ("post_services_addWebsite", "websiteUrl (a website's pool left in the plan, numbers left in the inventory); numberShown (a phone number in any common form)"),
            ("post_agents_setCallerId_id", "outboundNumber (one of the account's tracked numbers or verified caller ids)"),
            ("post_services_upgrade", "upgrade (\"Please contact your account manager to change your plan.\")"),
            ("post_services_addAddon", "userId (one of the account's users who may have the outbound add-on)"),
            ("post_tryspeech_startTrial", "trial (once per account, on a plan that sells speech analytics without it)"),
            ("post_tryspeech_cancelTrial", "trial (a running trial, cancelled once)"),
            ("post_users_setOutboundService", "serviceId (the service on offer); hasAccessToNewOutbound (the user holds a permission)"),
            ("post_routinghistory_rollback_id", "include_later (later changes that depend on it; a conflict with the records as they are now)"),
            ("post_classicnumbers_searchForNumbers", "prefix (one the number inventory holds)"),
            ("post_timeofday_createNewServicePlan", "destinationNumber (not a restricted prefix)"),
            ("get_reports_getCalls", "dimension (one of the account's custom dimensions; dimensionValue of its kind)"),
            ("get_reports_exportCallsCsv", "dimension (one of the account's custom dimensions; dimensionValue of its kind)"),
            ("post_manageivrrouting_createIvr_parent", "acceptTerms (the multi-level IVR terms, once the account's IVR credits are used)"),
            ("post_manageconnections_connectBasic", "the rows' stored routing (a number or pool with more than basic routing is not connected over)"),
            ("post_manageconnections_connectAdvanced", "form_mid_call_divert_flag[i] (not with speech analytics on the account)"),
            ("post_integrations_ftp_export_test", "form_ftp_keep_password (a password stored to keep, with the saved protocol, host, port, username and host key); form_ftp_port (21, 22 or the saved port)"),
            ("post_users_save_id", "form_auth_code (10, 20 or 25 when the account has authority levels); form_recordings (changed only with inbound recording and the editor's access to recordings); hasAccessToNewOutbound (turned on for a user with a permission); acceptTerms (a new outbound user bought)"),
            ("post_managevisioncampaigns_insert", "numberPrefix (one the number inventory holds, with enough numbers free); internationalCode (a known one); terms (beyond the plan's pools); midCallDivertFlag (advanced settings, not on Starter)"),
            ("post_conversions_addConversion", "form_source_medium, form_tag (the account's own)"),
            ("post_conversions_editConversion_id", "form_source_medium, form_tag (the account's own)"),
            ("post_tags_addRule_tag", "form_source_medium, form_campaign (the account's own)"),
            ("post_tags_editRule_id", "form_source_medium, form_campaign (the account's own)"),
            ("post_scores_addLeadRule", "form_source_medium, form_campaign (the account's own)"),
            ("post_scores_editLeadRule_id", "form_source_medium, form_campaign (the account's own)"),
            ("post_classicnumbers_buyNumbers", "prefix (one the number inventory holds); numbers[] (free in it, each id once); terms, callRecording (the account's allowance and recording)"),
            ("post_routingdraft_open", "draft (one draft open per account at a time, DRAFT_IN_FORCE)"),
            ("post_routingdraft_publish_id", "draft (the draft is open and changes something; PUBLISH_CONFLICT: nothing changed live since it began; PUBLISH_REFUSED: it leaves routing unbroken)"),
            ("post_routingdraft_discard_id", "draft (the draft is still open)"),
            ("get_routingdraft_impact_id", "draft (the draft is still open)"),
            ("post_routingdraft_resolve_id", "draft (the draft is still open)"),
            ("post_routingdraft_schedule_id", "draft (the draft is still open); publishAt, revertAt (moments that exist in the account's zone, in the future, within a year, the return after the publish)"),
            ("post_routingdraft_cancelSchedule_id", "draft (the draft is still open)"),
            ("post_routingdraft_cancelReturn_id", "draft (a published draft whose return to normal is still to come)"),
            ("post_phone_testCall", "draft (routed through the draft only while one is open)"),
        ],
    },
    RefusedBy {
        rule: "a rule across fields or rows",
        calls: &[
            ("post_login", "form_customer_id (a client's id), or form_partner_login 1 without one"),
            ("post_accountsettings_switchAccount", "form_customer_id (a customer's id), or form_partner_login 1 without one"),
            ("post_manageconnections_create_plan", "form_from_day[i] (the rows together cover the week from Monday 00:00)"),
            ("post_manageconnections_update_plan", "form_from_day[i] (the rows together cover the week from Monday 00:00)"),
            ("post_manageaudios_addAudio", "form_file or form_audio_sentence, one of the two"),
            ("post_manageaudios_updateAudio", "form_file or form_audio_sentence, not both"),
            ("post_managedtmf_create", "minimumDigits (at most maximumDigits)"),
            ("post_partnerportal_saveBranding", "form_top_bar_text (in contrast with form_top_bar_background)"),
            ("get_reports_dashboard", "from, to (preset custom needs both, from not after to, at most 25 months)"),
            ("get_reports_costs", "from, to (preset custom needs both, from not after to, at most 25 months)"),
            ("get_spend_getMonth", "month (YYYY-MM: this month or one of the 25 before)"),
            ("post_spend_saveMonth", "month (this month or one of the 25 before); amounts[] (one a day of that month, each an amount in pounds within a day's most); sourceMediumId, campaignId or routingEntryId (one at least)"),
            ("get_tracksales_getSales", "from, to (preset custom needs both, from not after to, at most 25 months)"),
            ("get_reports_getCalls", "from, to (preset custom needs both, from not after to, at most 25 months); transcript (a word at least: letters or digits)"),
            ("get_reports_exportCallsCsv", "from, to (preset custom needs both, from not after to, at most 25 months); transcript (a word at least: letters or digits)"),
            ("get_reports_getGroupCalls", "from, to (preset custom needs both, from not after to, at most 25 months); transcript (a word at least: letters or digits)"),
            ("get_reports_getGroupDashboard", "from, to (preset custom needs both, from not after to, at most 25 months)"),
            ("post_managesources_insertRule", "op, value (what they may be depends on field)"),
            ("post_managesources_updateRule", "op, value (what they may be depends on field)"),
            ("post_cta_addCta", "form_pages (path patterns unless form_all_pages is 1)"),
            ("post_manageivrrouting_updateExistingIvr", "keys[i] (in order, each key's target by its type, repeat and default keys apart, categories unique)"),
            ("post_scores_addScorecard", "rows past row 0 (complete, numbered without gaps)"),
            ("post_manageivrrouting_createIvr_parent", "keys[i] (at least one unless hasDeadEnd is 1; in order, each key's target by its type, repeat and default keys apart, categories unique)"),
            ("post_managevisioncampaigns_insert", "numbersToReplace[] (no number twice, spaces aside)"),
            ("post_manageconnections_connectBasic", "each row's form_description[i] by its kind (a number's or a pool's), form_destination_number[i]"),
            ("post_manageconnections_connectAdvanced", "each row's form_description[i] by its kind, form_midcall_audio[i] with form_midcall_flag[i], form_post_url[i] a web address"),
            ("post_managedynamicwhispers_save_id", "rows past row 0 (a source each; dynamicWhisper[i] of keyboard characters, at most 255)"),
            ("post_manageroutings_save_id", "rows past row 0 (each a destination and, in a hunt group, a ring length)"),
            ("post_integrations_settings_identifier", "the fields the path's integration needs (a URL for webhooks; host, port, protocol, user, file name and a password, typed or stored with the saved protocol, host, port, username and host key, for ftp_export)"),
        ],
    },
    RefusedBy {
        rule: "a measure no pattern states: a colour's contrast, a CSS selector's grammar, JSON of a schema in a field, a text's length once trimmed",
        calls: &[
            ("post_reports_noteCall_id", "note (at most NOTE_MAX characters once trimmed)"),
            ("post_manageconnections_create_plan", "exceptions (form_exceptions: a JSON array of dated exceptions, each valid, none overlapping)"),
            ("post_manageconnections_update_plan", "exceptions (form_exceptions: a JSON array of dated exceptions, each valid, none overlapping)"),
            ("post_tags_addTag", "form_colour (dark enough for the tag's white text)"),
            ("post_tags_editTag_id", "form_colour (dark enough for the tag's white text)"),
            ("post_cta_addCta", "form_selector (a selector the page script reads)"),
            ("post_routinghistory_impact", "record (a RoutingRecord in JSON, as its contentSchema states, that replays over the account's routing)"),
        ],
    },
    RefusedBy {
        rule: "a file's content",
        calls: &[
            ("post_importsales_upload", "form_file (a CSV or Excel file the import can read)"),
            ("post_importsales_preview", "form_file (a CSV or Excel file the import can read)"),
            ("post_importsales_import", "form_file (a CSV or Excel file the import can read)"),
            ("post_manageaudios_addAudio", "form_file (an audio file of its extension)"),
            ("post_manageaudios_updateAudio", "form_file (an audio file of its extension)"),
            ("post_partnerportal_saveBranding", "form_logo, form_favicon (PNG files)"),
        ],
    },
    RefusedBy {
        rule: "an outside party's answer",
        calls: &[
            ("post_paymentdetails_confirmCard", "generalError (the card provider decides whether a card is accepted)"),
            ("post_managegoogleanalytics_connect", "form_ga_property_id (one of the properties the account's Google Analytics offers)"),
            ("post_phone_open", "phone (the telephony engine takes the phone's credentials)"),
        ],
    },
    RefusedBy {
        rule: "who is asking",
        calls: &[
            ("post_users_removeFromAccount_id", "user (\"You cannot remove your own access to this account.\")"),
            ("post_handleajax_confirmPassword", "form_password (the user's own password)"),
            ("post_phone_testCall", "phone (the session's own phone is open), asIfDate and asIfTime (a day and a time that exist in the account's zone)"),
            ("post_phone_callOut", "phone (the session's own phone is open), number (a UK landline or mobile, domain outbound_destination), callerId (the account has a verified caller id)"),
        ],
    },
];

/// The reason a call may be refused though its request fits its schema: each rule that names
/// it, with the fields. None for a call no rule names. `id` is an operation id, a `_slash` twin's
/// too.
pub fn reason(id: &str) -> Option<String> {
    let call = id.strip_suffix("_slash").unwrap_or(id);
    let reasons: Vec<String> = REFUSED_BY_RULES
        .iter()
        .flat_map(|refused| {
            refused
                .calls
                .iter()
                .filter(|(named, _)| *named == call)
                .map(|(_, fields)| format!("{}: {fields}", refused.rule))
        })
        .collect();
    (!reasons.is_empty()).then(|| reasons.join("; "))
}

/// Every call a rule names, once.
pub fn calls() -> Vec<&'static str> {
    let mut calls: Vec<&str> =
        REFUSED_BY_RULES.iter().flat_map(|refused| refused.calls.iter().map(|(id, _)| *id)).collect();
    calls.sort_unstable();
    calls.dedup();
    calls
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_named_by_two_rules_gives_both_reasons() {
        let reason = reason("post_tags_addTag").unwrap();
        assert!(reason.starts_with("unique among the account's stored rows"), "{reason}");
        assert!(reason.contains("; a measure no pattern states"), "{reason}");
    }

    #[test]
    fn a_slash_twin_is_the_same_call() {
        assert_eq!(reason("post_managedtmf_create_slash"), reason("post_managedtmf_create"));
        assert!(reason("post_managedtmf_create").is_some());
    }

    #[test]
    fn a_call_no_rule_names_has_no_reason() {
        assert_eq!(reason("get_accountsettings_getAccountDetails"), None);
        assert!(!calls().iter().any(|id| id.ends_with("_slash")), "a twin is named by its call");
    }
}
