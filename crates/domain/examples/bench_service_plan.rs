//! Times validating a 20-row service plan natively (scripts/bench-validation.sh runs this, then
//! the same plan through wasm in node). `--write <file>` also saves the plan as JSON.

use std::time::Instant;

use domain::routing::{validate_service_plan, ServicePlanForm, TimeRow, LAST_MINUTE_OF_WEEK};

/// The week cut into 20 contiguous rows: a valid plan, so every rule runs to the end.
fn plan() -> ServicePlanForm {
    let rows = 20;
    let step = (LAST_MINUTE_OF_WEEK + 1) / rows;
    let rows = (0..rows)
        .map(|i| {
            let to = if i == rows - 1 { LAST_MINUTE_OF_WEEK } else { (i + 1) * step - 1 };
            TimeRow::spanning(i * step, to, i + 1)
        })
        .collect();
    ServicePlanForm { description: "Twenty rows".into(), rows, exceptions: vec![] }
}

fn main() {
    let form = plan();
    let taken: Vec<String> = (0..10).map(|i| format!("Plan {i}")).collect();
    assert!(validate_service_plan(&form, &taken).is_ok());
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--write") {
        let json = serde_json::json!({ "form": form, "taken": taken });
        std::fs::write(&args[i + 1], json.to_string()).expect("plan written");
    }
    // Five batches of at least 200 ms each; the best batch is reported (least disturbed).
    let mut best = f64::MAX;
    let mut total = 0u64;
    for _ in 0..5 {
        let start = Instant::now();
        let mut n = 0u64;
        while start.elapsed().as_millis() < 200 {
            for _ in 0..1000 {
                std::hint::black_box(validate_service_plan(std::hint::black_box(&form), &taken).is_ok());
            }
            n += 1000;
        }
        best = best.min(start.elapsed().as_nanos() as f64 / n as f64);
        total += n;
    }
    println!("native (release): {best:.0} ns per validation of a 20-row plan ({total} runs)");
}
