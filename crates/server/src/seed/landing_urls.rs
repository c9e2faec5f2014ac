//! The query strings of the demo's landing URLs: the search term, the ad shown and the account's
//! own captured parameters, as the tracking script reads them.

/// Values the demo's landing URLs carry for a parameter (by its name; others get these).
fn values_of(name: &str) -> &'static [&'static str] {
    match name.to_ascii_lowercase().as_str() {
        "branch" => &["leeds", "york", "harrogate"],
        "region" => &["north", "midlands", "south"],
        "clinic" => &["city_centre", "riverside", "westgate"],
        "product line" => &["boilers", "radiators", "servicing"],
        "surgery" => &["high_street", "park_road"],
        _ => &["a", "b", "c"],
    }
}

fn encoded(text: &str) -> String {
    text.replace(' ', "+")
}

/// The query a demo landing URL carries: on paid, social and email visits the search term
/// (paid), the ad shown and the account's own parameters; none on the others. Picked from the
/// visit's time, so the visit's other dice are not disturbed.
pub(super) fn landing_query(parameters: &[String], keyword: &str, medium: &str, at: i64) -> String {
    if !matches!(medium, "cpc" | "social" | "email" | "display") {
        return String::new();
    }
    let mut pairs = Vec::new();
    if !keyword.is_empty() {
        pairs.push(format!("utm_term={}", encoded(keyword)));
    }
    pairs.push(format!("utm_content=ad_{}", ["a", "b", "c"][at.rem_euclid(3) as usize]));
    for (i, name) in parameters.iter().enumerate() {
        let values = values_of(name);
        let value = values[(at / 7 + i as i64).rem_euclid(values.len() as i64) as usize];
        pairs.push(format!("{}={value}", encoded(name)));
    }
    format!("?{}", pairs.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::services::parameters::landing_parameters;

    #[test]
    fn paid_landing_urls_carry_the_term_the_ad_and_the_accounts_parameters() {
        let names = vec!["Branch".to_string(), "Product line".to_string()];
        let query = landing_query(&names, "near me", "cpc", 1_795_428_000);
        assert!(query.starts_with("?utm_term=near+me&utm_content=ad_"), "{query}");
        let got = landing_parameters(&format!("https://www.example.test/offers{query}"));
        let names: Vec<&str> = got.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["utm_term", "utm_content", "Branch", "Product line"]);
        assert_eq!(got[0].1, "near me");
        assert_eq!(landing_query(&[], "", "organic", 0), "");
    }
}
