use super::*;

fn form(name: &str, kind: &str, choices: &str) -> DimensionForm {
    DimensionForm { name: name.into(), kind: kind.into(), choices: choices.into() }
}

fn new() -> DimensionContext {
    DimensionContext::default()
}

#[test]
fn a_name_is_required_short_and_unique_without_case() {
    let taken = DimensionContext { other_names: vec!["Sale value".into()], ..new() };
    assert_eq!(parse_dimension(&form(" ", "text", ""), &new()).unwrap_err().get("form_name"), Some(NAME_REQUIRED));
    let long = "n".repeat(51);
    assert_eq!(parse_dimension(&form(&long, "text", ""), &new()).unwrap_err().get("form_name"), Some(NAME_TOO_LONG));
    assert!(parse_dimension(&form(&"n".repeat(50), "text", ""), &new()).is_ok());
    let clash = parse_dimension(&form(" sale VALUE ", "number", ""), &taken).unwrap_err();
    assert_eq!(clash.get("form_name"), Some(NAME_NOT_UNIQUE));
    let made = parse_dimension(&form(" Branch ", "text", "ignored"), &taken).unwrap();
    assert_eq!(made, Dimension { name: "Branch".into(), kind: DimensionKind::Text, choices: vec![] });
}

#[test]
fn an_account_has_at_most_20_and_the_type_is_one_of_three() {
    let full = DimensionContext { other_names: (0..20).map(|i| format!("D{i}")).collect(), ..new() };
    assert_eq!(
        parse_dimension(&form("New", "text", ""), &full).unwrap_err().get("form_name"),
        Some(TOO_MANY_DIMENSIONS)
    );
    // Editing one of the 20 is fine.
    let editing = DimensionContext {
        stored_kind: Some(DimensionKind::Text),
        other_names: full.other_names[..19].to_vec(),
        ..new()
    };
    assert!(parse_dimension(&form("D19", "text", ""), &editing).is_ok());
    assert_eq!(parse_dimension(&form("A", "date", ""), &new()).unwrap_err().get("form_kind"), Some(KIND_CHOICE));
    for kind in DimensionKind::ALL {
        assert_eq!(DimensionKind::from_key(kind.key()), Some(kind));
    }
}

#[test]
fn a_choice_field_has_2_to_20_short_distinct_choices() {
    let ok = parse_dimension(&form("Product", "choice", " Implants \n\nWhitening\n"), &new()).unwrap();
    assert_eq!(ok.choices, ["Implants", "Whitening"]);
    let few = parse_dimension(&form("Product", "choice", "Implants"), &new()).unwrap_err();
    assert_eq!(few.get("form_choices"), Some(CHOICES_TOO_FEW));
    let many: String = (0..21).map(|i| format!("c{i}\n")).collect();
    assert_eq!(
        parse_dimension(&form("P", "choice", &many), &new()).unwrap_err().get("form_choices"),
        Some(CHOICES_TOO_MANY)
    );
    let long = format!("a\n{}", "c".repeat(51));
    assert_eq!(
        parse_dimension(&form("P", "choice", &long), &new()).unwrap_err().get("form_choices"),
        Some(choice_too_long(2).as_str())
    );
    assert_eq!(
        parse_dimension(&form("P", "choice", "a\nb\nA"), &new()).unwrap_err().get("form_choices"),
        Some(choice_repeated(3).as_str())
    );
}

#[test]
fn values_in_use_lock_the_type_and_their_choices() {
    let used = DimensionContext {
        stored_kind: Some(DimensionKind::Choice),
        calls_with_value: 3,
        choices_in_use: vec![("Implants".into(), 2), ("Whitening".into(), 1), ("Braces".into(), 0)],
        ..new()
    };
    assert_eq!(parse_dimension(&form("P", "text", ""), &used).unwrap_err().get("form_kind"), Some(KIND_LOCKED));
    let dropped = parse_dimension(&form("P", "choice", "Implants\nBraces"), &used).unwrap_err();
    assert_eq!(dropped.get("form_choices"), Some(choice_in_use("Whitening", 1).as_str()));
    assert_eq!(
        choice_in_use("Implants", 2),
        "'Implants' is the value of 2 calls: keep it, or change those calls first."
    );
    // An unused choice may go, and new ones come.
    assert!(parse_dimension(&form("P", "choice", "Implants\nWhitening\nVeneers"), &used).is_ok());
    let unused = DimensionContext { calls_with_value: 0, ..used };
    assert!(parse_dimension(&form("P", "number", ""), &DimensionContext { choices_in_use: vec![], ..unused }).is_ok());
}

#[test]
fn a_value_is_checked_and_written_one_way() {
    let choices = vec!["Implants".to_string(), "Whitening".to_string()];
    assert_eq!(check_value(DimensionKind::Text, &[], "  Leeds branch "), Ok("Leeds branch".into()));
    assert_eq!(check_value(DimensionKind::Text, &[], &"é".repeat(200)).map(|v| v.chars().count()), Ok(200));
    assert_eq!(check_value(DimensionKind::Text, &[], &"é".repeat(201)), Err(VALUE_TOO_LONG));
    assert_eq!(check_value(DimensionKind::Number, &[], "1,250.50"), Ok("1250.5".into()));
    assert_eq!(check_value(DimensionKind::Number, &[], "-003"), Ok("-3".into()));
    assert_eq!(check_value(DimensionKind::Number, &[], ".5"), Ok("0.5".into()));
    assert_eq!(check_value(DimensionKind::Number, &[], "-0.00"), Ok("0".into()));
    assert_eq!(check_value(DimensionKind::Number, &[], "999999999999.9999"), Ok("999999999999.9999".into()));
    assert_eq!(check_value(DimensionKind::Number, &[], "1000000000000"), Err(NUMBER_OUT_OF_RANGE));
    assert_eq!(check_value(DimensionKind::Number, &[], "1.23456"), Err(NUMBER_OUT_OF_RANGE));
    for bad in ["12a", "1.2.3", "-", ".", "£5", "1e5", "--1"] {
        assert_eq!(check_value(DimensionKind::Number, &[], bad), Err(NOT_A_NUMBER), "{bad}");
    }
    assert_eq!(check_value(DimensionKind::Choice, &choices, "whitening"), Ok("Whitening".into()));
    assert_eq!(check_value(DimensionKind::Choice, &choices, "Braces"), Err(NOT_A_CHOICE));
    for kind in DimensionKind::ALL {
        assert_eq!(check_value(kind, &choices, "  "), Ok(String::new()), "blank clears");
    }
}

#[test]
fn the_call_logs_filter_finds_text_inside_and_numbers_and_choices_exactly() {
    let choices = vec!["Implants".to_string(), "Whitening".to_string()];
    assert_eq!(
        value_filter(DimensionKind::Text, &[], " Leeds "),
        Ok(Some(ValueFilter { op: FilterOp::Contains, value: "leeds".into() }))
    );
    assert_eq!(
        value_filter(DimensionKind::Number, &[], "1,250.50"),
        Ok(Some(ValueFilter { op: FilterOp::Equals, value: "1250.5".into() }))
    );
    assert_eq!(
        value_filter(DimensionKind::Choice, &choices, "implants"),
        Ok(Some(ValueFilter { op: FilterOp::Equals, value: "Implants".into() }))
    );
    assert_eq!(value_filter(DimensionKind::Number, &[], "x"), Err(NOT_A_NUMBER));
    assert_eq!(value_filter(DimensionKind::Text, &[], ""), Ok(None));
}

#[test]
fn the_delete_question_counts_the_values_that_go() {
    assert_eq!(delete_question("Branch", 0), "Delete the custom dimension 'Branch'? No call has a value.");
    assert_eq!(delete_question("Branch", 1), "Delete the custom dimension 'Branch'? Its value on 1 call goes with it.");
    assert_eq!(delete_question("Branch", 7), "Delete the custom dimension 'Branch'? Its values on 7 calls go with it.");
}
