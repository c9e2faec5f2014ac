//! Properties of IVR key editing: any sequence of adds, removes and repeat choices leaves the
//! keys in the order 1-9, 0, *, # with no gaps, between one and twelve of them, with the repeat
//! key (if any) one of them and keeping no target.

use domain::routing::ivr::{add_key, remove_key, set_repeat_key, IvrForm, KEY_ORDER, MAX_KEYS, NO_REPEAT};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Edit {
    Add,
    Remove(prop::sample::Index),
    Repeat(prop::sample::Index),
    NoRepeat,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => Just(Edit::Add),
        2 => any::<prop::sample::Index>().prop_map(Edit::Remove),
        1 => any::<prop::sample::Index>().prop_map(Edit::Repeat),
        1 => Just(Edit::NoRepeat),
    ]
}

proptest! {
    #[test]
    fn any_sequence_of_edits_leaves_keys_in_order_without_gaps(edits in prop::collection::vec(edit(), 0..60)) {
        let mut form = add_key(IvrForm { repeat_key: NO_REPEAT.into(), ..Default::default() });
        for edit in edits {
            let n = form.options.len();
            form = match edit {
                Edit::Add => add_key(form),
                Edit::Remove(i) => remove_key(form, i.index(n)),
                Edit::Repeat(i) => {
                    let key = form.options[i.index(n)].key.clone();
                    let mut form = form;
                    form.options[i.index(n)].destination_id = 7;
                    set_repeat_key(form, &key)
                }
                Edit::NoRepeat => set_repeat_key(form, NO_REPEAT),
            };
            let keys: Vec<&str> = form.options.iter().map(|k| k.key.as_str()).collect();
            prop_assert!(!keys.is_empty() && keys.len() <= MAX_KEYS);
            prop_assert_eq!(keys.as_slice(), &KEY_ORDER[..keys.len()]);
            if form.repeat_key != NO_REPEAT {
                let repeat = form.options.iter().find(|k| k.key == form.repeat_key);
                prop_assert!(repeat.is_some());
            }
        }
    }

    #[test]
    fn choosing_repeat_always_clears_that_key(n in 1usize..=12, pick in any::<prop::sample::Index>()) {
        let mut form = IvrForm { repeat_key: NO_REPEAT.into(), ..Default::default() };
        for _ in 0..n {
            form = add_key(form);
        }
        for option in &mut form.options {
            option.destination_id = 3;
            option.category_id = 4;
        }
        let key = form.options[pick.index(n)].key.clone();
        let form = set_repeat_key(form, &key);
        let chosen = form.options.iter().find(|k| k.key == key).unwrap();
        prop_assert_eq!((chosen.destination_id, chosen.category_id), (0, 0));
        prop_assert_eq!(form.repeat_key, key);
    }
}
