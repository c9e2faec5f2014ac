//! Pronunciations for the recogniser: an account's vocabulary words the recogniser's
//! dictionary lacks ("Zentrova") are given the phones espeak-ng says them with. espeak-ng writes
//! its phoneme mnemonics (`-x --sep=_`: "z_E_n_t_r_'oU_v_@"); the recogniser's US English model
//! wants the CMU dictionary's phones (ARPAbet without stress: "Z EH N T R OW V AH"). This is the
//! table between the two, for espeak-ng's American English.

/// espeak-ng's American English phonemes, and the model's phones for each.
const TABLE: &[(&str, &[&str])] = &[
    // Vowels and diphthongs.
    ("a", &["AE"]),
    ("aa", &["AE"]),
    ("a#", &["AH"]),
    ("A:", &["AA"]),
    ("A", &["AA"]),
    ("A@", &["AA", "R"]),
    ("aI", &["AY"]),
    ("aI@", &["AY", "ER"]),
    ("aI3", &["AY", "ER"]),
    ("aU", &["AW"]),
    ("aU@", &["AW", "ER"]),
    ("e", &["EH"]),
    ("E", &["EH"]),
    ("E2", &["EH"]),
    ("E#", &["EH"]),
    ("e@", &["EH", "R"]),
    ("eI", &["EY"]),
    ("@", &["AH"]),
    ("@2", &["AH"]),
    ("@5", &["AH"]),
    ("@L", &["AH", "L"]),
    ("3", &["ER"]),
    ("3:", &["ER"]),
    ("i", &["IY"]),
    ("i:", &["IY"]),
    ("i@", &["IH", "R"]),
    ("i@3", &["IH", "R"]),
    ("I", &["IH"]),
    ("I2", &["IH"]),
    ("I#", &["IH"]),
    ("0", &["AA"]),
    ("O", &["AO"]),
    ("O:", &["AO"]),
    ("O2", &["AO"]),
    ("O@", &["AO", "R"]),
    ("o@", &["AO", "R"]),
    ("OI", &["OY"]),
    ("o", &["OW"]),
    ("oU", &["OW"]),
    ("U", &["UH"]),
    ("U@", &["UH", "R"]),
    ("u", &["UW"]),
    ("u:", &["UW"]),
    ("V", &["AH"]),
    // Consonants.
    ("b", &["B"]),
    ("d", &["D"]),
    ("d#", &["D"]),
    ("D", &["DH"]),
    ("dZ", &["JH"]),
    ("f", &["F"]),
    ("g", &["G"]),
    ("h", &["HH"]),
    ("C", &["HH"]),
    ("j", &["Y"]),
    ("k", &["K"]),
    ("x", &["K"]),
    ("l", &["L"]),
    ("l#", &["L"]),
    ("l-", &["AH", "L"]),
    ("m", &["M"]),
    ("m-", &["AH", "M"]),
    ("n", &["N"]),
    ("n-", &["AH", "N"]),
    ("N", &["NG"]),
    ("p", &["P"]),
    ("r", &["R"]),
    ("r-", &["R"]),
    ("s", &["S"]),
    ("S", &["SH"]),
    ("t", &["T"]),
    ("t#", &["T"]),
    ("t2", &["T"]),
    ("?", &["T"]),
    ("*", &["T"]),
    ("T", &["TH"]),
    ("tS", &["CH"]),
    ("v", &["V"]),
    ("w", &["W"]),
    ("z", &["Z"]),
    ("Z", &["ZH"]),
];

/// The model's phones for espeak-ng's phonemes of a word (`espeak-ng -v en-us -q -x --sep=_`):
/// phonemes joined by `_`, words by spaces; stress (`'`, `,`) and length marks (`;`, `=`) are
/// dropped, a phone repeated at once is said once. `None` when a phoneme is not in the table (another language's, say) or there are
/// none: the word is then left out rather than given a wrong pronunciation.
pub fn espeak_to_arpabet(espeak: &str) -> Option<Vec<&'static str>> {
    let mut phones = Vec::new();
    for phoneme in espeak.split(|c: char| c == '_' || c.is_whitespace()) {
        let phoneme = phoneme.trim_matches(|c| matches!(c, '\'' | ',' | ';' | '=' | '%'));
        if phoneme.is_empty() {
            continue;
        }
        let (_, arpabet) = TABLE.iter().find(|(mnemonic, _)| *mnemonic == phoneme)?;
        for phone in *arpabet {
            // espeak-ng's "o@_r" is one R.
            if phones.last() != Some(phone) {
                phones.push(*phone);
            }
        }
    }
    (!phones.is_empty()).then_some(phones)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn espeak_phonemes_become_the_models_phones() {
        // As espeak-ng 1.51 says them (-v en-us -q -x --sep=_).
        assert_eq!(espeak_to_arpabet("z_E_n_t_r_'oU_v_@").unwrap().join(" "), "Z EH N T R OW V AH");
        assert_eq!(espeak_to_arpabet("T_'I_N").unwrap().join(" "), "TH IH NG");
        assert_eq!(espeak_to_arpabet("tS_'3:_tS").unwrap().join(" "), "CH ER CH");
        assert_eq!(espeak_to_arpabet("dZ_'V_dZ").unwrap().join(" "), "JH AH JH");
        assert_eq!(espeak_to_arpabet("m_'3:_r_eI_b_,E_k_s").unwrap().join(" "), "M ER R EY B EH K S");
        assert_eq!(espeak_to_arpabet("b_'0_t#_@L").unwrap().join(" "), "B AA T AH L");
        // A hyphenated word is two words to espeak-ng: their phones follow each other.
        assert_eq!(
            espeak_to_arpabet("t_w_'E_n_t2_i f_'o@_r_'aU_3_r-").unwrap().join(" "),
            "T W EH N T IY F AO R AW ER R"
        );
        assert_eq!(espeak_to_arpabet("l#_a_n_d_'V_d_n_oU").unwrap().join(" "), "L AE N D AH D N OW");
    }

    #[test]
    fn an_unknown_phoneme_or_none_gives_no_pronunciation() {
        assert_eq!(espeak_to_arpabet("k_'aU_y_l"), None);
        assert_eq!(espeak_to_arpabet(""), None);
        assert_eq!(espeak_to_arpabet(" ' _ "), None);
    }
}
