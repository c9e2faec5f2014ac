//! The callers waiting in each queue, across every engine connection of this server (several
//! engines behind a SIP proxy share a customer's queues): counted as a call arrives (a full
//! queue, the callers ahead, the lines taken), and told in the order they joined how many are
//! ahead whenever one leaves. Each waiting caller is told through its own connection (its
//! `Tell`), so a connection only ever touches its own calls.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// How a connection hears that its caller on `channel` has `ahead` callers before it. It must
/// not block (the board is locked meanwhile): a connection sends itself a message.
pub type Tell = Arc<dyn Fn(&str, u32) + Send + Sync>;

struct Waiter {
    since: i64,
    channel: String,
    connection: u64,
    tell: Tell,
}

#[derive(Default)]
pub struct QueueBoard {
    waiting: Mutex<HashMap<i64, Vec<Waiter>>>,
    connections: AtomicU64,
}

impl QueueBoard {
    /// A number for a new engine connection.
    pub fn connection(&self) -> u64 {
        self.connections.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// How many callers wait in each queue now.
    pub fn counts(&self) -> Vec<(i64, i64)> {
        let waiting = self.waiting.lock().expect("the queue board's lock");
        waiting.iter().map(|(queue, waiters)| (*queue, waiters.len() as i64)).collect()
    }

    /// A caller joins `queue` (at the back: no one else's place changes).
    pub fn join(&self, queue: i64, since: i64, channel: &str, connection: u64, tell: &Tell) {
        let mut waiting = self.waiting.lock().expect("the queue board's lock");
        let waiters = waiting.entry(queue).or_default();
        if !waiters.iter().any(|w| w.channel == channel) {
            waiters.push(Waiter { since, channel: channel.to_string(), connection, tell: tell.clone() });
        }
    }

    /// A caller left `queue` (answered, sent on, hung up): each still waiting is told how many
    /// are ahead.
    pub fn leave(&self, queue: i64, channel: &str) {
        let mut waiting = self.waiting.lock().expect("the queue board's lock");
        let Some(waiters) = waiting.get_mut(&queue) else { return };
        waiters.retain(|w| w.channel != channel);
        tell(waiters);
        if waiters.is_empty() {
            waiting.remove(&queue);
        }
    }

    /// A connection closed: its callers leave every queue.
    pub fn forget(&self, connection: u64) {
        let mut waiting = self.waiting.lock().expect("the queue board's lock");
        for waiters in waiting.values_mut() {
            if waiters.iter().any(|w| w.connection == connection) {
                waiters.retain(|w| w.connection != connection);
                tell(waiters);
            }
        }
        waiting.retain(|_, waiters| !waiters.is_empty());
    }
}

/// Tells each waiter how many are ahead of it, in the order they joined.
fn tell(waiters: &mut [Waiter]) {
    waiters.sort_by(|a, b| (a.since, &a.channel).cmp(&(b.since, &b.channel)));
    for (ahead, waiter) in waiters.iter().enumerate() {
        (waiter.tell)(&waiter.channel, u32::try_from(ahead).unwrap_or(u32::MAX));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Heard = Arc<Mutex<Vec<(String, u32)>>>;

    /// A connection's tell, and what it heard.
    fn listener() -> (Tell, Heard) {
        let heard = Arc::new(Mutex::new(Vec::new()));
        let into = heard.clone();
        (Arc::new(move |channel: &str, ahead| into.lock().unwrap().push((channel.to_string(), ahead))), heard)
    }

    fn told(heard: &Mutex<Vec<(String, u32)>>) -> Vec<(String, u32)> {
        std::mem::take(&mut *heard.lock().unwrap())
    }

    #[test]
    fn callers_of_two_connections_share_a_queue_in_the_order_they_joined() {
        let board = QueueBoard::default();
        let (a, b) = (board.connection(), board.connection());
        let ((tell_a, heard_a), (tell_b, heard_b)) = (listener(), listener());
        board.join(7, 100, "a1", a, &tell_a);
        board.join(7, 200, "b1", b, &tell_b);
        board.join(7, 300, "a2", a, &tell_a);
        board.join(7, 300, "a2", a, &tell_a); // a replayed join counts once
        board.join(8, 50, "b2", b, &tell_b);
        let mut counts = board.counts();
        counts.sort();
        assert_eq!(counts, vec![(7, 3), (8, 1)]);
        // The first leaves: the other connection's caller is now next, ours one behind.
        board.leave(7, "a1");
        assert_eq!(told(&heard_b), vec![("b1".to_string(), 0)]);
        assert_eq!(told(&heard_a), vec![("a2".to_string(), 1)]);
        // Connection b closes: its callers leave, ours moves up; queue 8 is empty and gone.
        board.forget(b);
        assert_eq!(told(&heard_a), vec![("a2".to_string(), 0)]);
        assert_eq!(board.counts(), vec![(7, 1)]);
        board.leave(7, "a2");
        board.leave(9, "nobody");
        assert!(board.counts().is_empty());
    }
}
