//! Adds static numbers to a customer through the store, for measuring large accounts:
//! `cargo run --release -p server --example add_numbers -- DATABASE_URL CUSTOMER_ID COUNT`.
//! The numbers are 0161 5xxxxxx, continuing after any added before (a number is unique).

use server::store::routing_entries;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, url, customer, count] = args.as_slice() else {
        return Err("usage: add_numbers DATABASE_URL CUSTOMER_ID COUNT".into());
    };
    let (customer, count): (i64, u32) = (customer.parse()?, count.parse()?);
    let db = server::db::connect(url).await?;
    let first = routing_entries::count_with_prefix(&mut db.acquire().await.unwrap(), "01615").await? as u32;
    let numbers: Vec<(String, String)> =
        (first..first + count).map(|n| (format!("0161{:07}", 5_000_000 + n), format!("Agency campaign {n}"))).collect();
    routing_entries::add_static_numbers(&db, server::store::CustomerId::new(customer), &numbers, "01614960000").await?;
    println!("added {count} numbers to customer {customer}");
    Ok(())
}
