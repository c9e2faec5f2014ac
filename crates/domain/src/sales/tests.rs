use super::*;

const DAY: i64 = 86_400;
const NOW: i64 = 1_795_428_000;

fn call(id: i64, caller: &str, days_before: i64) -> CandidateCall {
    CandidateCall { id, caller: caller.into(), started_at: NOW - days_before * DAY }
}

fn by_number(days: i64) -> MatchSettings {
    MatchSettings { match_by: MatchBy::CallerNumber, match_days: days }
}

#[test]
fn a_sale_matches_the_latest_call_from_its_number_within_the_days_before_it() {
    let calls =
        [call(1, "07700900123", 40), call(2, "07700900123", 10), call(3, "07700900123", 2), call(4, "01134960000", 1)];
    let sale = SaleFacts { phone: "07700900123".into(), sold_at: NOW, call_id: None };
    assert_eq!(match_sale(&sale, &calls, &by_number(30)), Some(3));
    // Exactly the days before counts; a second more does not.
    let edge = [call(1, "07700900123", 30)];
    assert_eq!(match_sale(&sale, &edge, &by_number(30)), Some(1));
    let past = [CandidateCall { started_at: NOW - 30 * DAY - 1, ..call(1, "07700900123", 0) }];
    assert_eq!(match_sale(&sale, &past, &by_number(30)), None);
    // A call after the sale did not lead to it.
    let later = [CandidateCall { started_at: NOW + 60, ..call(5, "07700900123", 0) }];
    assert_eq!(match_sale(&sale, &later, &by_number(30)), None);
    assert_eq!(
        match_sale(&SaleFacts { phone: String::new(), ..sale.clone() }, &[call(9, "", 1)], &by_number(30)),
        None
    );
    assert_eq!(match_sale(&SaleFacts { phone: "07000000000".into(), ..sale }, &calls, &by_number(30)), None);
}

#[test]
fn by_call_id_a_sale_matches_that_call_of_the_account_only() {
    let calls = [call(1, "07700900123", 40), call(2, "07700900124", 1)];
    let settings = MatchSettings { match_by: MatchBy::CallId, match_days: 30 };
    let sale = |id| SaleFacts { phone: "07700900123".into(), sold_at: NOW, call_id: id };
    assert_eq!(match_sale(&sale(Some(1)), &calls, &settings), Some(1), "the days do not apply");
    assert_eq!(match_sale(&sale(Some(77)), &calls, &settings), None);
    assert_eq!(match_sale(&sale(None), &calls, &settings), None);
}

#[test]
fn a_call_back_credits_the_missed_calls_source_and_campaign() {
    let own = Credit { source_medium_id: Some(7), campaign_id: Some(3) };
    assert_eq!(credit_of(own, None), own);
    let first = Credit { source_medium_id: Some(2), campaign_id: None };
    assert_eq!(credit_of(own, Some(first)), Credit { source_medium_id: Some(2), campaign_id: Some(3) });
}

#[test]
fn the_settings_are_a_way_and_1_to_90_days() {
    let form = |by: &str, days: &str| MatchForm { match_by: by.into(), match_days: days.into() };
    assert_eq!(parse_match_form(&form("callerNumber", " 30 ")), Ok(by_number(30)));
    assert_eq!(parse_match_form(&form("callId", "1")), Ok(MatchSettings { match_by: MatchBy::CallId, match_days: 1 }));
    for days in ["0", "91", "x", "", "2.5"] {
        assert_eq!(validate_match_form(&form("callerNumber", days)).get("form_match_days"), Some(MATCH_DAYS_MESSAGE));
    }
    assert_eq!(validate_match_form(&form("email", "30")).get("form_match_by"), Some(MATCH_BY_CHOICE));
    assert!(validate_match_form(&form("callerNumber", "90")).is_empty());
}

#[test]
fn the_match_rate_is_whole_percent_rounded_half_up() {
    assert_eq!(match_rate(0, 0), None);
    assert_eq!(match_rate(1, 3), Some(33));
    assert_eq!(match_rate(1, 2), Some(50));
    assert_eq!(match_rate(1, 8), Some(13));
    assert_eq!(match_rate(5, 4), Some(100));
}
