use super::*;

/// 2026-11-23 14:00 UTC, a Monday.
const NOW: i64 = 1_795_442_400;
const LONDON: &str = "Europe/London";
/// October 2026 in London: 1 October 00:00 BST to 1 November 00:00 GMT (31 days and an hour).
const OCTOBER_START: i64 = 1_790_809_200;
const NOVEMBER_START: i64 = 1_793_491_200;

fn october() -> BillingMonth {
    months_to_invoice(NOW, LONDON, 0, 1).unwrap().remove(0)
}

fn monthly(description: &str, pence: i64, started_at: i64, ended_at: Option<i64>) -> RecurringCharge {
    RecurringCharge {
        description: description.into(),
        quantity: 1,
        unit_price_pence: pence,
        billing_frequency: "1".into(),
        started_at,
        ended_at,
    }
}

fn calls(inbound: bool, description: &str, minutes: i64, tenths_a_minute: i64) -> CallUsage {
    CallUsage { inbound, description: description.into(), minutes, cost_tenth_pence: minutes * tenths_a_minute }
}

#[test]
fn a_run_invoices_the_complete_months_before_now_in_the_accounts_zone() {
    let months = months_to_invoice(NOW, LONDON, 0, 12).unwrap();
    assert_eq!(months.len(), 12);
    assert_eq!((months[0].year, months[0].month, months[0].period.start), (2025, 11, 1_761_955_200));
    let last = months.last().unwrap();
    assert_eq!((last.year, last.month), (2026, 10));
    assert_eq!((last.period.start, last.period.end), (OCTOBER_START, NOVEMBER_START));
    assert_eq!(last.period.label, "October 2026");
    // Each month ends where the next starts: no instant is billed twice or never.
    assert!(months.windows(2).all(|pair| pair[0].period.end == pair[1].period.start));
}

#[test]
fn a_run_starts_at_the_month_of_the_first_charge() {
    // The first charge started on 15 March 2026: March is the first month invoiced.
    let months = months_to_invoice(NOW, LONDON, 1_773_532_800, 12).unwrap();
    assert_eq!((months[0].year, months[0].month), (2026, 3));
    assert_eq!(months.len(), 8);
    assert!(months_to_invoice(NOW, LONDON, NOW, 12).unwrap().is_empty());
    assert!(months_to_invoice(NOW, "Mars/Olympus", 0, 1).is_err());
}

#[test]
fn vat_is_twenty_percent_rounded_to_the_penny() {
    assert_eq!(vat_pence(14_900), 2_980);
    assert_eq!(vat_pence(3), 1); // 0.6p
    assert_eq!(vat_pence(2), 0); // 0.4p
    assert_eq!(vat_pence(0), 0);
    assert_eq!(vat_pence(-3), -1);
    let lines = [
        InvoiceLine { description: "a".into(), quantity: 1, unit_price_tenth_pence: 149_000, amount_pence: 14_900 },
        InvoiceLine { description: "b".into(), quantity: 7, unit_price_tenth_pence: 15, amount_pence: 11 },
    ];
    assert_eq!(invoice_totals(&lines), InvoiceTotals { net_pence: 14_911, vat_pence: 2_982, gross_pence: 17_893 });
}

#[test]
fn a_monthly_charge_is_whole_for_a_whole_month_and_pro_rata_for_part() {
    let input = InvoiceInput {
        charges: vec![
            monthly("Professional plan", 14_900, 1_700_000_000, None),
            // From 16 October 00:00 BST: 385 of 745 hours.
            monthly("API", 14_900, 1_792_105_200, None),
            // Ended before October, started after it: not on October's invoice.
            monthly("Old add-on", 1_000, 1_700_000_000, Some(OCTOBER_START)),
            monthly("Next month's", 1_000, NOVEMBER_START, None),
        ],
        ..Default::default()
    };
    let lines = invoice_lines(&october(), LONDON, &input).unwrap();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].description, "Professional plan");
    assert_eq!((lines[0].quantity, lines[0].unit_price_tenth_pence, lines[0].amount_pence), (1, 149_000, 14_900));
    assert_eq!(lines[1].description, "API (part month)");
    assert_eq!(lines[1].amount_pence, 7_700);
}

#[test]
fn a_charge_every_three_months_falls_in_its_start_month_and_every_third_after() {
    let quarterly = RecurringCharge {
        description: "Managed service".into(),
        quantity: 2,
        unit_price_pence: 25_000,
        billing_frequency: "3".into(),
        started_at: 1_775_000_000, // April 2026
        ended_at: None,
    };
    let input = InvoiceInput { charges: vec![quarterly], ..Default::default() };
    let months = months_to_invoice(NOW, LONDON, 0, 12).unwrap();
    let billed: Vec<(u32, i64)> = months
        .iter()
        .filter_map(|month| {
            invoice_lines(month, LONDON, &input).unwrap().first().map(|l| (month.month, l.amount_pence))
        })
        .collect();
    assert_eq!(billed, vec![(4, 50_000), (7, 50_000), (10, 50_000)]);
    assert_eq!(invoice_lines(&months[11], LONDON, &input).unwrap()[0].description, "Managed service (3 months)");
}

#[test]
fn numbers_above_what_the_plan_includes_are_charged() {
    let input = InvoiceInput {
        numbers: vec![
            NumberCharge { description: "Static numbers".into(), count: 13, included: 10, unit_price_pence: 500 },
            NumberCharge {
                description: "Dynamic number pools".into(),
                count: 2,
                included: 15,
                unit_price_pence: 2_500,
            },
        ],
        ..Default::default()
    };
    let lines = invoice_lines(&october(), LONDON, &input).unwrap();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].description, "Static numbers above the 10 included");
    assert_eq!((lines[0].quantity, lines[0].amount_pence), (3, 1_500));
}

fn statics(count: i64, included: i64, unit_price_pence: i64) -> NumberCharge {
    NumberCharge { description: "Static numbers".into(), count, included, unit_price_pence }
}

#[test]
fn numbers_above_the_allowance_are_a_line_of_the_extra_ones_at_their_price() {
    // Stone & Sons: 15 static numbers on Starter, which includes 10, at £5.00 each.
    let line = numbers_above_allowance(&statics(15, 10, 500)).unwrap();
    assert_eq!(line.description, "Static numbers above the 10 included");
    assert_eq!((line.quantity, line.unit_price_tenth_pence, line.amount_pence), (5, 5_000, 2_500));
}

#[test]
fn numbers_within_the_allowance_or_free_are_not_charged() {
    assert_eq!(numbers_above_allowance(&statics(10, 10, 500)), None);
    assert_eq!(numbers_above_allowance(&statics(3, 10, 500)), None);
    assert_eq!(numbers_above_allowance(&statics(15, 10, 0)), None);
    // A negative allowance counts as none included.
    assert_eq!(numbers_above_allowance(&statics(2, -4, 500)).map(|l| l.quantity), Some(2));
}

#[test]
fn the_invoice_charges_numbers_as_the_allowance_rule_says() {
    let numbers = vec![statics(15, 10, 500)];
    let input = InvoiceInput { numbers: numbers.clone(), ..Default::default() };
    let lines = invoice_lines(&october(), LONDON, &input).unwrap();
    assert_eq!(lines, vec![numbers_above_allowance(&numbers[0]).unwrap()]);
}

#[test]
fn inclusive_minutes_cover_the_cheapest_inbound_minutes_first() {
    let input = InvoiceInput {
        calls: vec![
            calls(true, "Inbound calls to 0800 numbers", 200, 35),
            calls(true, "Inbound calls to geographic numbers", 250, 15),
            calls(false, "Outbound calls to UK mobiles", 33, 40),
            calls(true, "Calls forwarded to mobiles", 0, 60),
        ],
        inclusive_minutes: 300,
        ..Default::default()
    };
    let lines = invoice_lines(&october(), LONDON, &input).unwrap();
    let seen: Vec<(&str, i64, i64, i64)> =
        lines.iter().map(|l| (l.description.as_str(), l.quantity, l.unit_price_tenth_pence, l.amount_pence)).collect();
    assert_eq!(
        seen,
        vec![
            // 50 of the 300 inclusive minutes are left for 0800 calls: 150 × 3.5p.
            ("Inbound calls to 0800 numbers: 200 min, 50 inclusive", 150, 35, 525),
            ("Inbound calls to geographic numbers: 250 min, 250 inclusive", 0, 15, 0),
            // Outbound minutes are never inclusive: 33 × 4p.
            ("Outbound calls to UK mobiles: 33 min", 33, 40, 132),
        ]
    );
}

#[test]
fn call_amounts_round_to_the_nearest_penny() {
    let input = InvoiceInput { calls: vec![calls(true, "Inbound", 7, 15)], ..Default::default() };
    // 7 × 1.5p = 10.5p: 11p.
    assert_eq!(invoice_lines(&october(), LONDON, &input).unwrap()[0].amount_pence, 11);
}

#[test]
fn numbers_and_prices_read_as_on_the_invoice() {
    assert_eq!(invoice_number(42), "INV-000042");
    // October's invoice is dated 1 November in London; 23:30 UTC on 31 October is already
    // 1 November in Helsinki.
    assert_eq!(local_date(NOVEMBER_START, LONDON).unwrap(), "2026-11-01");
    assert_eq!(local_date(NOVEMBER_START - 1_800, "Europe/Helsinki").unwrap(), "2026-11-01");
    assert_eq!(local_date(NOVEMBER_START - 1_800, LONDON).unwrap(), "2026-10-31");
    assert_eq!(pounds_text(123_456), "£1,234.56");
    assert_eq!(pounds_text(-250), "-£2.50");
    assert_eq!(pounds_text(0), "£0.00");
    assert_eq!(unit_price_text(149_000), "£149.00");
    assert_eq!(unit_price_text(15), "£0.015");
}

/// The sum of the invoice's call lines, which `month_call_charges` must equal.
fn invoiced_calls(input: &InvoiceInput) -> i64 {
    invoice_lines(&october(), LONDON, input).unwrap().iter().map(|line| line.amount_pence).sum()
}

#[test]
fn a_month_inside_the_inclusive_minutes_costs_nothing() {
    // Harbour Lane's October: 931 inbound minutes at 2.15p inside 1,000 inclusive minutes.
    let input =
        InvoiceInput { calls: vec![calls(true, "Inbound", 931, 21)], inclusive_minutes: 1_000, ..Default::default() };
    let charges = month_call_charges(&input.calls, input.inclusive_minutes);
    assert_eq!(charges, MonthCallCharges { inbound_pence: 0, outbound_pence: 0, inclusive_used: 931 });
    assert_eq!(invoiced_calls(&input), 0);
}

#[test]
fn a_month_partly_over_pays_for_the_minutes_above_the_cheapest_rate_first() {
    // 300 minutes at 1.5p and 200 at 4p against 400 inclusive: the 1.5p minutes go first, then
    // 100 of the 4p ones; 100 × 4p = £4.00 is left.
    let input = InvoiceInput {
        calls: vec![calls(true, "Mobile", 200, 40), calls(true, "Geographic", 300, 15)],
        inclusive_minutes: 400,
        ..Default::default()
    };
    let charges = month_call_charges(&input.calls, input.inclusive_minutes);
    assert_eq!(charges, MonthCallCharges { inbound_pence: 400, outbound_pence: 0, inclusive_used: 400 });
    assert_eq!(invoiced_calls(&input), 400);
}

#[test]
fn outbound_calls_are_never_covered_by_the_inclusive_minutes() {
    // 10 inbound minutes inside 1,000; 33 outbound minutes at 4p and 7 at 1.5p (10.5p: 11p).
    let input = InvoiceInput {
        calls: vec![calls(true, "Inbound", 10, 15), calls(false, "Mobiles", 33, 40), calls(false, "UK", 7, 15)],
        inclusive_minutes: 1_000,
        ..Default::default()
    };
    let charges = month_call_charges(&input.calls, input.inclusive_minutes);
    assert_eq!(charges, MonthCallCharges { inbound_pence: 0, outbound_pence: 143, inclusive_used: 10 });
    assert_eq!(invoiced_calls(&input), 143);
    // Without inclusive minutes, every minute costs its rate.
    assert_eq!(month_call_charges(&input.calls, 0).inbound_pence, 15);
    assert_eq!(month_call_charges(&[], 100), MonthCallCharges::default());
}

#[test]
fn a_quarter_of_the_usage_page_is_its_three_calendar_months() {
    let periods = crate::purchase::usage::usage_periods(NOW, LONDON).unwrap();
    let quarter = months_of(&periods.current_quarter, LONDON).unwrap();
    assert_eq!(quarter.iter().map(|m| m.month).collect::<Vec<_>>(), [10, 11, 12]);
    assert_eq!(quarter[0], october());
    assert_eq!(quarter[2].period.end, periods.current_quarter.end);
    let month = months_of(&periods.previous_month, LONDON).unwrap();
    assert_eq!(month, [october()]);
    assert!(months_of(&periods.previous_month, "Mars/Olympus").is_err());
}

#[test]
fn a_month_already_invoiced_keeps_the_inclusive_minutes_it_was_invoiced_with() {
    // Invoiced on Starter's 100 minutes, since upgraded to 1,000: the month stays as invoiced.
    assert_eq!(month_inclusive_minutes(Some(100), 1_000), 100);
    assert_eq!(month_inclusive_minutes(None, 1_000), 1_000, "a month not invoiced yet: today's plan");
    let calls = [CallUsage { inbound: true, description: "Inbound".into(), minutes: 300, cost_tenth_pence: 3_000 }];
    assert!(month_call_charges(&calls, month_inclusive_minutes(Some(100), 1_000)).inbound_pence > 0);
    assert_eq!(month_call_charges(&calls, month_inclusive_minutes(None, 1_000)).inbound_pence, 0);
}
