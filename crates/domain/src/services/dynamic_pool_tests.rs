use super::*;

fn form() -> DynamicPoolForm {
    DynamicPoolForm {
        campaign_name: "www.stoneandsons.test".into(),
        pool_name: "Website visitors".into(),
        international_code: 1,
        international_format: 1,
        number_prefix: 2,
        number_format: 1,
        service_plan: 3,
        ..Default::default()
    }
}

#[test]
fn a_complete_new_dynamic_url_is_valid() {
    assert!(validate_dynamic_pool(&form()).is_empty());
}

#[test]
fn a_new_url_and_the_pool_name_are_required_within_60() {
    let errors = validate_dynamic_pool(&DynamicPoolForm { campaign_name: " ".into(), pool_name: "".into(), ..form() });
    assert_eq!(errors.get("campaignName"), Some(URL_REQUIRED));
    assert_eq!(errors.get("poolName"), Some(POOL_NAME_REQUIRED));
    let long = "a".repeat(61);
    let errors = validate_dynamic_pool(&DynamicPoolForm { campaign_name: long.clone(), pool_name: long, ..form() });
    assert_eq!(errors.get("campaignName"), Some(URL_TOO_LONG));
    assert_eq!(errors.get("poolName"), Some(POOL_NAME_TOO_LONG));
    // A pool on an existing dynamic URL names no URL.
    let pool = DynamicPoolForm { campaign_id: 7, campaign_name: String::new(), ..form() };
    assert!(validate_dynamic_pool(&pool).is_empty());
}

#[test]
fn the_prefix_is_required_and_a_custom_format_has_ten_xs() {
    let errors = validate_dynamic_pool(&DynamicPoolForm { number_prefix: 0, ..form() });
    assert_eq!(errors.get("numberPrefix"), Some(PREFIX_REQUIRED));
    for format in ["", "XXXX XXX XX", "0XXX XXX XXXXXX"] {
        let custom = DynamicPoolForm { number_format: CUSTOM_FORMAT_ID, custom_format: format.into(), ..form() };
        assert_eq!(validate_dynamic_pool(&custom).get("customFormat"), Some(CUSTOM_FORMAT_INVALID), "{format}");
    }
    let custom = DynamicPoolForm { number_format: 0, custom_format: "(XXXXX) XXXXX".into(), ..form() };
    assert!(validate_dynamic_pool(&custom).is_empty());
}

#[test]
fn a_post_url_begins_with_http_or_https() {
    for good in ["", "http://example.test/calls", "https://hooks.example.test/x?y=1"] {
        assert!(post_url_valid(good), "{good}");
    }
    for bad in ["example.test", "ftp://example.test", "https://", "http:// example.test", "javascript:alert(1)"] {
        assert!(!post_url_valid(bad), "{bad}");
    }
    let errors = validate_dynamic_pool(&DynamicPoolForm { post_url: "example.test".into(), ..form() });
    assert_eq!(errors.get("postUrl"), Some(POST_URL_INVALID));
}

#[test]
fn numbers_to_replace_are_unique_and_bounded() {
    let numbers = vec!["0114 496 0590".into(), "01144960591".into(), "01144960590".into()];
    let errors = validate_dynamic_pool(&DynamicPoolForm { numbers_to_replace: numbers, ..form() });
    assert_eq!(errors.get("numbersToReplace.2"), Some(NUMBER_NOT_UNIQUE));
    assert_eq!(errors.get("numbersToReplace.0"), None);
    let many = vec!["1".to_string(); NUMBERS_TO_REPLACE_MAX + 1];
    let errors = validate_dynamic_pool(&DynamicPoolForm { numbers_to_replace: many, ..form() });
    assert_eq!(errors.get("numbersToReplace"), Some(TOO_MANY_NUMBERS_TO_REPLACE));
    let long = vec!["1".repeat(31)];
    let errors = validate_dynamic_pool(&DynamicPoolForm { numbers_to_replace: long, ..form() });
    assert_eq!(errors.get("numbersToReplace.0"), Some(NUMBER_TO_REPLACE_TOO_LONG));
}

#[test]
fn starter_is_locked_out_of_advanced_settings() {
    assert!(advanced_settings_locked(Plan::Starter));
    assert!(!advanced_settings_locked(Plan::Professional));
}

#[test]
fn the_number_format_is_one_offered_or_custom() {
    let unknown = DynamicPoolForm { number_format: 9, ..form() };
    assert_eq!(validate_dynamic_pool(&unknown).get("numberFormat"), Some(NUMBER_FORMAT_UNKNOWN));
    for (id, _) in NUMBER_FORMATS {
        assert!(validate_dynamic_pool(&DynamicPoolForm { number_format: id, ..form() }).is_empty());
    }
}

#[test]
fn an_international_format_and_mid_call_audio_come_from_their_lists() {
    assert!(validate_dynamic_pool(&form()).is_empty());
    let unknown = DynamicPoolForm { international_format: 9, mid_call_audio_option: 7, ..form() };
    let errors = validate_dynamic_pool(&unknown);
    assert_eq!(errors.get("internationalFormat"), Some(INTERNATIONAL_FORMAT_CHOICE));
    assert_eq!(errors.get("midCallAudioOption"), Some(MID_CALL_AUDIO_CHOICE));
    let negative = DynamicPoolForm { mid_call_audio_option: -1, ..form() };
    assert_eq!(validate_dynamic_pool(&negative).get("midCallAudioOption"), Some(MID_CALL_AUDIO_CHOICE));
}
