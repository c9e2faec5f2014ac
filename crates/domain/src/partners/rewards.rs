//! Partner rewards: a share of the net (before VAT) of each invoice of the partner's clients, at
//! the rate of the partner agreement for the programme the client came through: a reseller
//! margin on the clients it resells, a referral fee on the clients it referred.

use serde::{Deserialize, Serialize};

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Programme {
    Reseller,
    Referrer,
}

impl Programme {
    pub fn key(self) -> &'static str {
        match self {
            Programme::Reseller => "reseller",
            Programme::Referrer => "referrer",
        }
    }

    pub fn from_key(key: &str) -> Option<Programme> {
        [Programme::Reseller, Programme::Referrer].into_iter().find(|p| p.key() == key)
    }
}

/// The agreed rates in basis points (1500 = 15%); None: no agreement for that programme, so
/// its clients earn nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgreementRates {
    pub reseller: Option<u32>,
    pub referrer: Option<u32>,
}

impl AgreementRates {
    pub fn rate(&self, programme: Programme) -> Option<u32> {
        match programme {
            Programme::Reseller => self.reseller,
            Programme::Referrer => self.referrer,
        }
    }
}

/// One issued invoice of a client.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientInvoice {
    pub client_id: i64,
    pub client_name: String,
    pub programme: Programme,
    /// The invoiced month: its start (for order) and its label ("October 2026").
    pub period_start: i64,
    pub period_label: String,
    pub net_pence: i64,
}

/// A share of an amount in pence at a rate in basis points, to the nearest penny (halves away
/// from zero, so a credit loses what a charge would have earned).
pub fn reward_pence(net_pence: i64, rate_basis_points: u32) -> i64 {
    let scaled = i128::from(net_pence) * i128::from(rate_basis_points);
    let rounded = (scaled.abs() + 5_000) / 10_000;
    (if scaled < 0 { -rounded } else { rounded }) as i64
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RewardRow {
    /// The month's start, or the client's id.
    pub key: i64,
    pub label: String,
    /// For a chart's axis: "Oct 26" for a month, the name for a client.
    pub short_label: String,
    pub invoices: u32,
    pub net_pence: i64,
    pub reward_pence: i64,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RewardSummary {
    /// Newest month first.
    pub by_month: Vec<RewardRow>,
    /// By client name.
    pub by_client: Vec<RewardRow>,
    pub total_net_pence: i64,
    pub total_reward_pence: i64,
}

fn add_to(rows: &mut Vec<RewardRow>, key: i64, label: &str, net: i64, reward: i64) {
    match rows.iter_mut().find(|r| r.key == key) {
        Some(row) => {
            row.invoices += 1;
            row.net_pence += net;
            row.reward_pence += reward;
        }
        None => rows.push(RewardRow {
            key,
            label: label.to_string(),
            short_label: short_month_label(label),
            invoices: 1,
            net_pence: net,
            reward_pence: reward,
        }),
    }
}

/// "Oct 26" for "October 2026"; any other label as it is.
pub fn short_month_label(label: &str) -> String {
    use crate::purchase::usage::{MONTHS, SHORT};
    let parsed = label.split_once(' ').and_then(|(month, year)| {
        let index = MONTHS.iter().position(|m| *m == month)?;
        let year: i32 = year.parse().ok()?;
        Some(format!("{} {:02}", SHORT[index], year.rem_euclid(100)))
    });
    parsed.unwrap_or_else(|| label.to_string())
}

/// The rewards earned on these invoices, by month and by client. Each invoice's reward is
/// rounded once, so the rows always add up to the total.
pub fn summarise_rewards(invoices: &[ClientInvoice], rates: &AgreementRates) -> RewardSummary {
    let mut summary = RewardSummary::default();
    for invoice in invoices {
        let Some(rate) = rates.rate(invoice.programme) else { continue };
        let reward = reward_pence(invoice.net_pence, rate);
        add_to(&mut summary.by_month, invoice.period_start, &invoice.period_label, invoice.net_pence, reward);
        add_to(&mut summary.by_client, invoice.client_id, &invoice.client_name, invoice.net_pence, reward);
        summary.total_net_pence += invoice.net_pence;
        summary.total_reward_pence += reward;
    }
    summary.by_month.sort_by_key(|row| std::cmp::Reverse(row.key));
    summary.by_client.sort_by(|a, b| a.label.to_lowercase().cmp(&b.label.to_lowercase()).then(a.key.cmp(&b.key)));
    summary
}

/// "15%", "12.5%": a rate in basis points as people write it.
pub fn rate_text(rate_basis_points: u32) -> String {
    let whole = rate_basis_points / 100;
    let hundredths = rate_basis_points % 100;
    if hundredths == 0 {
        format!("{whole}%")
    } else {
        format!("{whole}.{:02}", hundredths).trim_end_matches('0').to_string() + "%"
    }
}

#[cfg(test)]
mod short_label_tests {
    use super::short_month_label;

    #[test]
    fn months_shorten_and_names_stay() {
        assert_eq!(short_month_label("October 2026"), "Oct 26");
        assert_eq!(short_month_label("January 2030"), "Jan 30");
        assert_eq!(short_month_label("Riverside Veterinary Practice"), "Riverside Veterinary Practice");
        assert_eq!(short_month_label("Octember 2026"), "Octember 2026");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invoice(client_id: i64, programme: Programme, month: i64, net: i64) -> ClientInvoice {
        ClientInvoice {
            client_id,
            client_name: format!("Client {client_id}"),
            programme,
            period_start: month,
            period_label: format!("Month {month}"),
            net_pence: net,
        }
    }

    #[test]
    fn a_share_is_rounded_to_the_nearest_penny_halves_away_from_zero() {
        assert_eq!(reward_pence(10_000, 1_500), 1_500);
        assert_eq!(reward_pence(4_877, 1_000), 488); // 487.7
        assert_eq!(reward_pence(4_875, 1_000), 488); // 487.5
        assert_eq!(reward_pence(4_874, 1_000), 487);
        assert_eq!(reward_pence(-4_875, 1_000), -488);
        assert_eq!(reward_pence(0, 2_000), 0);
        assert_eq!(reward_pence(i64::MAX, 10_000), i64::MAX);
    }

    #[test]
    fn each_client_earns_at_its_programmes_rate_and_rows_add_up_to_the_total() {
        let rates = AgreementRates { reseller: Some(2_000), referrer: Some(1_000) };
        let invoices = [
            invoice(1, Programme::Reseller, 100, 10_001),
            invoice(2, Programme::Referrer, 100, 5_005),
            invoice(1, Programme::Reseller, 200, 10_001),
        ];
        let summary = summarise_rewards(&invoices, &rates);
        assert_eq!(summary.total_net_pence, 25_007);
        assert_eq!(summary.total_reward_pence, 2_000 + 501 + 2_000);
        assert_eq!(summary.by_month.iter().map(|r| r.key).collect::<Vec<_>>(), [200, 100]);
        assert_eq!(summary.by_month[1].reward_pence, 2_501);
        assert_eq!(summary.by_month[1].invoices, 2);
        assert_eq!(summary.by_client[0].label, "Client 1");
        assert_eq!(summary.by_client[0].reward_pence, 4_000);
        for rows in [&summary.by_month, &summary.by_client] {
            assert_eq!(rows.iter().map(|r| r.reward_pence).sum::<i64>(), summary.total_reward_pence);
            assert_eq!(rows.iter().map(|r| r.net_pence).sum::<i64>(), summary.total_net_pence);
        }
    }

    #[test]
    fn a_programme_without_an_agreement_earns_nothing_and_is_not_listed() {
        let rates = AgreementRates { reseller: None, referrer: Some(1_000) };
        let summary = summarise_rewards(&[invoice(1, Programme::Reseller, 100, 10_000)], &rates);
        assert_eq!(summary, RewardSummary::default());
    }

    #[test]
    fn rates_read_as_percentages() {
        assert_eq!(rate_text(1_500), "15%");
        assert_eq!(rate_text(1_250), "12.5%");
        assert_eq!(rate_text(1_205), "12.05%");
        assert_eq!(rate_text(0), "0%");
    }

    #[test]
    fn programmes_have_stable_keys() {
        for p in [Programme::Reseller, Programme::Referrer] {
            assert_eq!(Programme::from_key(p.key()), Some(p));
        }
        assert_eq!(Programme::from_key("affiliate"), None);
    }
}
