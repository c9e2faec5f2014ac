//! Editing an IVR's key table: keys renumbered after every add or remove; 'Repeat' is one key or
//! none; types and hang-up-after-audio clear what no longer applies.

use super::form::IvrForm;
use super::keys::{IvrKey, KeyType, KEY_ORDER, MAX_KEYS, NO_REPEAT};

/// Gives keys 1-9, 0, *, # in row order, keeping the repeat and default keys on their rows.
fn renumber(form: &mut IvrForm) {
    let old: Vec<String> = form.options.iter().map(|k| k.key.clone()).collect();
    let follow = |key: &str| -> Option<String> {
        old.iter().position(|k| k == key).and_then(|i| KEY_ORDER.get(i)).map(|k| k.to_string())
    };
    let repeat = follow(&form.repeat_key);
    let default = follow(&form.default_key);
    for (i, option) in form.options.iter_mut().enumerate() {
        option.key = KEY_ORDER.get(i).copied().unwrap_or("").to_string();
    }
    form.repeat_key = repeat.unwrap_or_else(|| NO_REPEAT.to_string());
    form.default_key = default.unwrap_or_default();
}

/// A new routing key at the end, while there are fewer than 12.
pub fn add_key(mut form: IvrForm) -> IvrForm {
    if form.options.len() < MAX_KEYS && !form.has_dead_end {
        form.options.push(IvrKey::default());
        renumber(&mut form);
    }
    form
}

/// Removes the key on row `index`; the last key stays. A removed repeat or default key is unset.
pub fn remove_key(mut form: IvrForm, index: usize) -> IvrForm {
    if form.options.len() > 1 && index < form.options.len() {
        let removed = form.options.remove(index);
        if form.repeat_key == removed.key {
            form.repeat_key = NO_REPEAT.to_string();
        }
        if form.default_key == removed.key {
            form.default_key = String::new();
        }
        renumber(&mut form);
    }
    form
}

/// Makes `key` the repeat key (or none with `NO_REPEAT`): only one key repeats, and it keeps no
/// destination, IVR, voicemail or category.
pub fn set_repeat_key(mut form: IvrForm, key: &str) -> IvrForm {
    match form.options.iter_mut().find(|k| k.key == key) {
        Some(option) => {
            *option = std::mem::take(option).cleared();
            form.repeat_key = key.to_string();
        }
        None => form.repeat_key = NO_REPEAT.to_string(),
    }
    form
}

/// Changing to ivr clears the destination; changing to another type clears the IVR.
pub fn set_key_type(mut form: IvrForm, index: usize, key_type: KeyType) -> IvrForm {
    if let Some(option) = form.options.get_mut(index) {
        option.key_type = key_type;
        match key_type {
            KeyType::Ivr => option.destination_id = 0,
            _ => option.ivr_id = 0,
        }
    }
    form
}

/// Hang up after the audio: no keys and no report group. Turning it off restores one default key.
pub fn set_hang_up_after_audio(mut form: IvrForm, on: bool) -> IvrForm {
    form.has_dead_end = on;
    if on {
        form.options.clear();
        form.report_group_id = 0;
        form.repeat_key = NO_REPEAT.to_string();
        form.default_key = String::new();
    } else if form.options.is_empty() {
        form.options.push(IvrKey::default());
        renumber(&mut form);
    }
    form
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_keys(n: usize) -> IvrForm {
        let mut form = IvrForm { repeat_key: NO_REPEAT.into(), ..Default::default() };
        for _ in 0..n {
            form = add_key(form);
        }
        form
    }

    fn keys(form: &IvrForm) -> Vec<&str> {
        form.options.iter().map(|k| k.key.as_str()).collect()
    }

    #[test]
    fn keys_are_given_out_1_to_9_then_0_star_and_hash() {
        let form = with_keys(12);
        assert_eq!(keys(&form), KEY_ORDER.to_vec());
    }

    #[test]
    fn a_thirteenth_key_is_not_added() {
        assert_eq!(add_key(with_keys(12)).options.len(), 12);
    }

    #[test]
    fn removing_a_key_renumbers_the_rest() {
        let mut form = with_keys(4);
        form.options[3].description = "Accounts".into();
        let form = remove_key(form, 1);
        assert_eq!(keys(&form), vec!["1", "2", "3"]);
        assert_eq!(form.options[2].description, "Accounts");
    }

    #[test]
    fn the_last_key_stays() {
        assert_eq!(remove_key(with_keys(1), 0).options.len(), 1);
    }

    #[test]
    fn repeat_and_default_keys_follow_their_rows_through_renumbering() {
        let mut form = set_repeat_key(with_keys(4), "4");
        form.default_key = "3".into();
        let form = remove_key(form, 0);
        assert_eq!((form.repeat_key.as_str(), form.default_key.as_str()), ("3", "2"));
        let form = remove_key(form, 2);
        assert_eq!((form.repeat_key.as_str(), form.default_key.as_str()), (NO_REPEAT, "2"));
    }

    #[test]
    fn choosing_repeat_clears_the_key_and_moves_from_any_other_key() {
        let mut form = with_keys(2);
        form.options[0] =
            IvrKey { destination_id: 4, ivr_id: 2, voicemail_id: 3, category_id: 9, ..form.options[0].clone() };
        let form = set_repeat_key(form, "1");
        let first = &form.options[0];
        assert_eq!((first.destination_id, first.ivr_id, first.voicemail_id, first.category_id), (0, 0, 0, 0));
        let form = set_repeat_key(form, "2");
        assert_eq!(form.repeat_key, "2");
        assert_eq!(set_repeat_key(form, NO_REPEAT).repeat_key, NO_REPEAT);
    }

    #[test]
    fn type_changes_clear_the_other_target() {
        let mut form = with_keys(1);
        form.options[0].destination_id = 5;
        let form = set_key_type(form, 0, KeyType::Ivr);
        assert_eq!(form.options[0].destination_id, 0);
        let mut form = form;
        form.options[0].ivr_id = 7;
        let form = set_key_type(form, 0, KeyType::Voicemail);
        assert_eq!((form.options[0].ivr_id, form.options[0].key_type), (0, KeyType::Voicemail));
    }

    #[test]
    fn hang_up_after_audio_removes_keys_and_the_report_group_and_off_restores_one_key() {
        let mut form = with_keys(3);
        form.report_group_id = 4;
        let form = set_hang_up_after_audio(form, true);
        assert!(form.options.is_empty());
        assert_eq!(form.report_group_id, 0);
        assert_eq!(add_key(form.clone()).options.len(), 0);
        let form = set_hang_up_after_audio(form, false);
        assert_eq!(keys(&form), vec!["1"]);
    }
}
