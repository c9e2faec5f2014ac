use super::*;
use crate::conversions::Platform;

const TODAY: &str = "2026-11-23";

fn form(month: &str, amounts: Vec<&str>) -> SpendMonthForm {
    SpendMonthForm {
        month: month.into(),
        source_medium_id: Some(1),
        campaign_id: None,
        routing_entry_id: None,
        amounts: amounts.into_iter().map(String::from).collect(),
    }
}

#[test]
fn a_month_is_this_one_or_one_of_the_25_before() {
    assert_eq!(parse_month("2026-11", TODAY).unwrap().to_string(), "2026-11-01");
    assert_eq!(parse_month(" 2024-10 ", TODAY).unwrap().to_string(), "2024-10-01");
    assert_eq!(parse_month("2024-09", TODAY).unwrap_err(), "Spend can be entered for the last 25 months.");
    assert_eq!(
        parse_month("2026-12", TODAY).unwrap_err(),
        "Spend can be entered for this month and the months before it."
    );
    for bad in ["", "2026-13", "11/2026", "2026"] {
        assert_eq!(parse_month(bad, TODAY).unwrap_err(), MONTH_INVALID, "{bad}");
    }
}

#[test]
fn a_months_table_has_a_day_for_each_day_of_the_month() {
    let february = parse_month("2024-02", "2024-03-05").unwrap();
    assert_eq!(month_days(february).len(), 29);
    assert_eq!(month_days(february).last().map(String::as_str), Some("2024-02-29"));
    assert_eq!(month_label(february), "February 2024");
}

#[test]
fn a_months_spend_is_read_day_by_day_and_blank_days_are_none() {
    let mut amounts = vec![""; 30];
    amounts[0] = "£1,250.50";
    amounts[4] = "12";
    amounts[5] = "0";
    let spent = parse_month_form(&form("2026-11", amounts), TODAY).unwrap();
    assert_eq!(spent, vec![("2026-11-01".to_string(), 125_050), ("2026-11-05".to_string(), 1_200)]);
}

#[test]
fn each_wrong_day_gets_its_message_and_nothing_is_kept() {
    let mut amounts = vec![""; 30];
    amounts[2] = "twelve";
    amounts[3] = "-4";
    amounts[7] = "1000000.01";
    amounts[8] = "1000000";
    let errors = parse_month_form(&form("2026-11", amounts), TODAY).unwrap_err();
    assert_eq!(errors.get("amounts.2"), Some(AMOUNT_INVALID));
    assert_eq!(errors.get("amounts.3"), Some(AMOUNT_NEGATIVE));
    assert_eq!(errors.get("amounts.7"), Some(AMOUNT_TOO_LARGE));
    assert_eq!(errors.get("amounts.8"), None);
    let wrong_length = parse_month_form(&form("2026-11", vec!["1"; 31]), TODAY).unwrap_err();
    assert_eq!(wrong_length.get("amounts"), Some("Give one amount for each of the month's 30 days."));
    let nothing_on = SpendMonthForm { source_medium_id: None, ..form("2026-11", vec![""; 30]) };
    assert_eq!(parse_month_form(&nothing_on, TODAY).unwrap_err().get("sourceMediumId"), Some(SPEND_ON_REQUIRED));
    let on_a_number = SpendMonthForm { routing_entry_id: Some(7), ..nothing_on };
    assert!(parse_month_form(&on_a_number, TODAY).is_ok(), "a number alone is a line");
}

#[test]
fn origins_have_keys_and_words() {
    for origin in [SpendOrigin::Manual, SpendOrigin::GoogleAds, SpendOrigin::MicrosoftAds, SpendOrigin::MetaAds] {
        assert_eq!(SpendOrigin::from_key(origin.key()), Some(origin));
    }
    assert_eq!(SpendOrigin::GoogleAds.label(), "Imported from Google Ads");
    assert_eq!(SpendOrigin::from_key("tiktok"), None);
}

#[test]
fn each_cost_divides_the_spend_and_a_missing_count_or_spend_is_a_dash() {
    let facts =
        CostFacts { spend_pence: 100_000, calls: 40, first_time: 30, qualified: 16, sales: 3, revenue_pence: 320_050 };
    let line = cost_line(&facts);
    assert_eq!(line.spend, "£1,000.00");
    assert_eq!(line.cost_per_call, "£25.00");
    assert_eq!(line.cost_per_first_time, "£33.33");
    assert_eq!(line.cost_per_lead, "£62.50");
    assert_eq!(line.cost_per_sale, "£333.33");
    assert_eq!(line.revenue, "£3,200.50");
    assert_eq!(line.return_on_spend, "3.20×");
    let no_spend = cost_line(&CostFacts { spend_pence: 0, ..facts });
    assert_eq!(
        (no_spend.spend.as_str(), no_spend.cost_per_call.as_str(), no_spend.return_on_spend.as_str()),
        ("—", "—", "—")
    );
    let no_sales = cost_line(&CostFacts { sales: 0, revenue_pence: 0, ..facts });
    assert_eq!((no_sales.cost_per_sale.as_str(), no_sales.return_on_spend.as_str()), ("—", "0.00×"));
    // Half a penny rounds up.
    assert_eq!(cost::cost_per(5, 2), Some(3));
    assert_eq!(cost::return_hundredths(1, 200), Some(1));
}

#[test]
fn a_cost_is_compared_with_the_period_before_in_words() {
    let now = CostFacts { spend_pence: 90_000, calls: 40, revenue_pence: 180_000, ..CostFacts::default() };
    let before = CostFacts { spend_pence: 100_000, calls: 40, revenue_pence: 100_000, ..CostFacts::default() };
    let rows = cost_lines(&[("google / cpc".into(), now, before)], "vs previous 30 days");
    assert_eq!(rows[0].cost_per_call_change, "\u{2212}10% vs previous 30 days");
    assert_eq!(rows[0].return_change, "+100% vs previous 30 days");
    let fresh = cost_lines(&[("new".into(), now, CostFacts::default())], "vs previous 30 days");
    assert_eq!((fresh[0].cost_per_call_change.as_str(), fresh[0].previous.spend.as_str()), ("—", "—"));
}

#[test]
fn each_platforms_spend_is_on_its_paid_source_and_its_import_is_worded() {
    assert_eq!(spend_pair(Platform::GoogleAds), ("google", "cpc"));
    assert_eq!(spend_pair(Platform::MetaAds), ("facebook", "paid_social"));
    let zone = "Europe/London";
    assert_eq!(
        import_words(Platform::GoogleAds, &ImportState::NotConnected, zone),
        "Not connected: connect Google Ads on its integration page to import its spend every day."
    );
    let at = 1_795_428_000; // 23/11/2026 10:00 GMT
    let imported = ImportState::Imported { at, days: 30, total_pence: 123_456 };
    assert_eq!(
        import_words(Platform::GoogleAds, &imported, zone),
        format!("Imported {}: Google Ads spent £1,234.56 over the last 30 days.", crate::format_date_time(at, zone))
    );
    let failed = ImportState::Failed { at, reason: "the platform is down".into(), retry_at: at + 3_600 };
    assert!(
        import_words(Platform::MetaAds, &failed, zone).contains("failed (the platform is down). It is tried again at")
    );
}

#[test]
fn an_import_reads_the_30_days_to_today_and_leaves_out_lines_it_cannot_trust() {
    let window = import_window("2026-11-23").unwrap();
    assert_eq!(window, ("2026-10-25".to_string(), "2026-11-23".to_string()));
    let window = (window.0.as_str(), window.1.as_str());
    assert_eq!(
        checked_line(("2026-11-01", " Brand ", 1_250), window),
        Some(("2026-11-01".into(), "Brand".into(), 1_250))
    );
    assert_eq!(checked_line(("2026-10-24", "Brand", 1_250), window), None, "before the window");
    assert_eq!(checked_line(("2026-11-24", "Brand", 1_250), window), None, "after it");
    assert_eq!(checked_line(("23/11/2026", "Brand", 1_250), window), None);
    assert_eq!(checked_line(("2026-11-01", "Brand", -5), window), None);
    assert_eq!(checked_line(("2026-11-01", "Brand", 0), window), None);
    assert_eq!(checked_line(("2026-11-01", "Brand", DAY_MAX_PENCE + 1), window), None);
    assert_eq!(import_window("yesterday"), None);
}

#[test]
fn a_call_from_an_ad_click_without_utm_tags_asks_the_platform_for_its_campaign() {
    assert_eq!(
        click_to_resolve(Platform::GoogleAds, "gclid=Cj0abc", "https://example.com/offers?gclid=Cj0abc"),
        Some("Cj0abc".into())
    );
    assert_eq!(click_to_resolve(Platform::GoogleAds, "", "https://example.com/?gclid=Zz9"), Some("Zz9".into()));
    // The visit named its campaign itself: nothing to ask.
    assert_eq!(
        click_to_resolve(Platform::GoogleAds, "gclid=Cj0abc", "https://example.com/?utm_campaign=brand&gclid=Cj0abc"),
        None
    );
    // Another platform's click, or none.
    assert_eq!(click_to_resolve(Platform::GoogleAds, "msclkid=77", "https://example.com/?msclkid=77"), None);
    assert_eq!(
        click_to_resolve(Platform::MicrosoftAds, "msclkid=77", "https://example.com/?msclkid=77"),
        Some("77".into())
    );
    assert_eq!(click_to_resolve(Platform::MetaAds, "", "https://example.com/"), None);
}
