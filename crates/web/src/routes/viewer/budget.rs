//! The memory budget the game viewer's readings and pages share (see [`ParseBudget`]).

use std::sync::Mutex;

/// The memory a game's reading may take, per byte of its text, at its peak. The viewer reads a
/// PGN game's main line only (the variation tree is checked, not kept): measured with `xq
/// serve` on legal 15 MB PGN files of variations nested 99 deep, 3.6 bytes a byte at most
/// (2.1 million one-move variations; 49 bytes a byte when the tree is kept, as before). Twice
/// that, for the formats read whole (an `xq game` JSON log is replayed). The budget these
/// weights share is [`crate::Limits::parse_memory`].
pub const PARSE_BYTES_PER_BYTE: u64 = 8;

/// The memory a game page takes per ply of the main line while it is judged (every ply
/// classified under each ruleset, the move list rendered): measured about 1.6 KB a ply on an
/// 18,600-ply game under the two default rulesets; this is that, with room. A page's judging
/// takes its room in the same [`ParseBudget`] as the readings.
pub(crate) const VIEW_BYTES_PER_PLY: u64 = 4096;

/// How long a request waits for room in the [`ParseBudget`] before it is answered 503.
pub(crate) const PARSE_WAIT: std::time::Duration = std::time::Duration::from_secs(20);

/// The memory all the viewer's readings in progress may take together: each reading weighs
/// its text's length × [`PARSE_BYTES_PER_BYTE`] (a reading heavier than the whole budget
/// weighs the whole budget, and so runs alone), and waits until it fits. Together with
/// [`GameCache`](super::files::GameCache)'s one reading per game shared by every request that shows it, this bounds the
/// desk's memory however many readers ask at once: the desk's own memory plus this budget plus
/// the [`GAMES_KEPT`](super::files::GAMES_KEPT) games kept.
#[derive(Debug)]
pub(crate) struct ParseBudget {
    capacity: u64,
    used: Mutex<u64>,
    freed: std::sync::Condvar,
}

/// Room taken in a [`ParseBudget`], given back when dropped.
pub(crate) struct Room<'a> {
    budget: &'a ParseBudget,
    weight: u64,
}

impl Drop for Room<'_> {
    fn drop(&mut self) {
        let mut used = self
            .budget
            .used
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *used = used.saturating_sub(self.weight);
        self.budget.freed.notify_all();
    }
}

impl ParseBudget {
    /// A budget of `capacity` bytes (at least 1 MiB).
    pub(crate) fn new(capacity: u64) -> ParseBudget {
        ParseBudget {
            capacity: capacity.max(1 << 20),
            used: Mutex::new(0),
            freed: std::sync::Condvar::new(),
        }
    }

    /// Room for reading `text_len` bytes, waiting at most `wait` for it; `None`: still no room.
    pub(crate) fn take(&self, text_len: u64, wait: std::time::Duration) -> Option<Room<'_>> {
        let weight = text_len
            .saturating_mul(PARSE_BYTES_PER_BYTE)
            .clamp(1, self.capacity);
        let deadline = std::time::Instant::now() + wait;
        let mut used = self
            .used
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while *used + weight > self.capacity {
            let left = deadline.checked_duration_since(std::time::Instant::now())?;
            used = self
                .freed
                .wait_timeout(used, left)
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .0;
        }
        *used += weight;
        Some(Room {
            budget: self,
            weight,
        })
    }

    /// The bytes taken now.
    #[cfg(test)]
    pub(crate) fn used(&self) -> u64 {
        *self.used.lock().unwrap()
    }
}

impl Default for ParseBudget {
    fn default() -> ParseBudget {
        ParseBudget::new(crate::Limits::default().parse_memory)
    }
}
