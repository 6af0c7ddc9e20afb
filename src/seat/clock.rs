//! Time controls, the terms a seat plays under, and the clock the referee
//! keeps for it: one meaning of `movetime`, `time` and `inc` for every
//! command (`kifu match`'s, which `kifu(1)` documents).

use crate::kep::GoLimits;
use std::fmt;
use std::str::FromStr;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;
use web_time::Instant;

/// How much time the engines get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock per player: `base` at the start, `increment` added after
    /// each of its moves (`--tc 10+0.1`).
    Clock {
        /// The time at the start.
        base: Duration,
        /// The time added after each move.
        increment: Duration,
    },
    /// The same budget for every move (`--movetime MS`).
    MoveTime(Duration),
}

impl TimeControl {
    /// The `TimeControl` tag's value: `10+0.1`, or `-` for a budget per
    /// move, which the tag cannot say.
    pub fn tag_value(&self) -> String {
        match self {
            TimeControl::Clock { base, increment } => {
                format!("{}+{}", Seconds(*base), Seconds(*increment))
            }
            TimeControl::MoveTime(_) => "-".to_owned(),
        }
    }
}

/// Why a `--tc` value is not a time control.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not SECONDS+INCREMENT (like 10+0.1) or SECONDS")]
pub struct TimeControlError(String);

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `SECONDS+INCREMENT` or `SECONDS`, each a decimal number of
    /// seconds with at most three decimals; the base is not zero.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || TimeControlError(text.to_owned());
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let base = read_seconds(base).ok_or_else(error)?;
        let increment = read_seconds(increment).ok_or_else(error)?;
        if base.is_zero() {
            return Err(error());
        }
        Ok(TimeControl::Clock { base, increment })
    }
}

/// A decimal number of seconds, to the millisecond: `10`, `0.25`.
fn read_seconds(text: &str) -> Option<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 3 {
        return None;
    }
    if text.ends_with('.') {
        return None;
    }
    let seconds: u64 = whole.parse().ok()?;
    let millis: u64 = format!("{fraction:0<3}").parse().ok()?;
    seconds
        .checked_mul(1000)?
        .checked_add(millis)
        .map(Duration::from_millis)
}

/// A duration as the shortest decimal number of seconds: `10`, `0.1`.
struct Seconds(Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let millis = self.0.as_millis();
        let (whole, fraction) = (millis / 1000, millis % 1000);
        match fraction {
            0 => write!(f, "{whole}"),
            _ => {
                let fraction = format!("{fraction:03}");
                write!(f, "{whole}.{}", fraction.trim_end_matches('0'))
            }
        }
    }
}

/// How late a move may arrive, beyond the time left, before it is too
/// late (`kifu match --timemargin`'s default): the margin for process
/// overhead, never taken from the clock.
pub const MARGIN: Duration = Duration::from_millis(50);

/// The margin on the machine as it is now (`kifu match` without
/// `--timemargin`): [`MARGIN`] divided by the share of a core that a
/// busy thread gets, measured ([`core_share`]), up to
/// [`MAX_LOAD_FACTOR`] times [`MARGIN`]. An engine that stops thinking on
/// time still needs the processor to say its move; on a machine where it
/// gets a third of a core, that takes three times as long, and the
/// referee waits for it (two cores at load 4, measured: about 125 ms).
/// The share is measured at most every [`SHARE_AGE`], by the first game
/// to start after that.
pub fn load_margin() -> Duration {
    static MEASURED: Mutex<Option<(Instant, f64)>> = Mutex::new(None);
    let mut measured = MEASURED.lock().unwrap_or_else(PoisonError::into_inner);
    let share = match standing(*measured, Instant::now()) {
        Some(share) => share,
        None => {
            let share = core_share(PROBE_TIME);
            *measured = Some((Instant::now(), share));
            share
        }
    };
    margin_for(share)
}

/// The share `measured` at its instant, if that measure still stands at
/// `now` (it is younger than [`SHARE_AGE`]).
fn standing(measured: Option<(Instant, f64)>, now: Instant) -> Option<f64> {
    let (at, share) = measured?;
    (now.saturating_duration_since(at) < SHARE_AGE).then_some(share)
}

/// [`MARGIN`] for a thread that gets `share` of a core: divided by the
/// share, up to [`MAX_LOAD_FACTOR`] times [`MARGIN`].
fn margin_for(share: f64) -> Duration {
    MARGIN.mul_f64((1.0 / share).clamp(1.0, MAX_LOAD_FACTOR))
}

/// How late past its time a move is still taken where no clock is at
/// stake ([`Terms::patient`]). A match is strict so that the clock is
/// fair to both seats; a person at the board or the REPL would rather
/// wait a moment on a busy machine than see the engine given up
/// (measured: a 100 ms move under load 8 on two cores came later than
/// the load margin of 0.29 s). An engine that hangs is still let go.
pub const PATIENCE: Duration = Duration::from_secs(3);

/// The most [`load_margin`] multiplies [`MARGIN`] by: a move is never
/// allowed more than 300 ms past its time.
pub const MAX_LOAD_FACTOR: f64 = 6.0;

/// How long a measure of [`core_share`] stands.
pub const SHARE_AGE: Duration = Duration::from_secs(15);

/// How long [`load_margin`] keeps a thread busy to measure its share.
const PROBE_TIME: Duration = Duration::from_millis(40);

/// The share of a core (0 to 1) that a thread busy for `time` got: the
/// processor time it was given over the time that passed, as the
/// scheduler shares the cores among the threads that want them.
#[cfg(unix)]
pub fn core_share(time: Duration) -> f64 {
    use rustix::time::{ClockId, clock_gettime};
    let cpu = || {
        let now = clock_gettime(ClockId::ThreadCPUTime);
        Duration::new(now.tv_sec.unsigned_abs(), now.tv_nsec.unsigned_abs() as u32)
    };
    let (start, used) = (Instant::now(), cpu());
    while start.elapsed() < time {
        std::hint::spin_loop();
    }
    let (wall, given) = (start.elapsed(), cpu().saturating_sub(used));
    share(given, wall)
}

/// Where no thread's processor time can be read (a browser), a whole
/// core: the margin is [`MARGIN`].
#[cfg(not(unix))]
pub fn core_share(_time: Duration) -> f64 {
    1.0
}

/// The share of a core of a thread `given` processor time in `wall` time
/// passed, from 0.01 to 1.
#[cfg(unix)]
fn share(given: Duration, wall: Duration) -> f64 {
    (given.as_secs_f64() / wall.as_secs_f64().max(1e-9)).clamp(0.01, 1.0)
}

/// The terms a seat plays under: its time, how deep it may search, and
/// how late its move may come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    /// The time it gets.
    pub time: TimeControl,
    /// The deepest search asked for (`go depth N`), if any.
    pub depth: Option<u32>,
    /// How late a move may arrive beyond the time left.
    pub margin: Duration,
}

impl Terms {
    /// `budget` a move where no clock is at stake and a person waits
    /// (`kifu play`'s opponent and hints, `kifu analyse`, the board):
    /// `go movetime MS`, the move taken up to [`PATIENCE`] late.
    pub fn patient(budget: Duration) -> Self {
        Self {
            time: TimeControl::MoveTime(budget),
            depth: None,
            margin: PATIENCE,
        }
    }
}

/// One seat's clock during a game.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    terms: Terms,
    left: Duration,
}

impl Clock {
    /// A clock at the start of a game under `terms`.
    pub fn new(terms: Terms) -> Self {
        let left = match terms.time {
            TimeControl::Clock { base, .. } => base,
            TimeControl::MoveTime(budget) => budget,
        };
        Self { terms, left }
    }

    /// The limits of the next `go`.
    pub fn limits(&self) -> GoLimits {
        let millis = |d: Duration| Some(u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        let depth = self.terms.depth;
        match self.terms.time {
            TimeControl::Clock { increment, .. } => GoLimits {
                time: millis(self.left),
                inc: millis(increment),
                depth,
                ..GoLimits::default()
            },
            TimeControl::MoveTime(budget) => GoLimits {
                movetime: millis(budget),
                depth,
                ..GoLimits::default()
            },
        }
    }

    /// The time left on the clock (with a time per move, that time).
    pub fn left(&self) -> Duration {
        self.left
    }

    /// The time the next move may take before it is too late: the time
    /// left and the margin.
    pub fn allowed(&self) -> Duration {
        self.left.saturating_add(self.terms.margin)
    }

    /// Stops the clock after a move that took `spent`: the time left
    /// shrinks (not below zero: the margin is forgiven) and the increment
    /// is added.
    pub fn spend(&mut self, spent: Duration) {
        if let TimeControl::Clock { increment, .. } = self.terms.time {
            self.left = self.left.saturating_sub(spent).saturating_add(increment);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn time_controls_read_and_write_back() {
        for (text, base, increment, tag) in [
            ("10+0.1", 10_000, 100, "10+0.1"),
            ("1+0.01", 1000, 10, "1+0.01"),
            ("60", 60_000, 0, "60+0"),
            ("0.5+0.250", 500, 250, "0.5+0.25"),
        ] {
            let control: TimeControl = text.parse().expect(text);
            assert_eq!(
                control,
                TimeControl::Clock {
                    base: ms(base),
                    increment: ms(increment)
                }
            );
            assert_eq!(control.tag_value(), tag);
        }
        for bad in [
            "", "+1", "1+", "1.+2", "0+1", "1+0.0001", "a+b", "1+2+3", "-1+0", "1++5", "1+1.+5",
        ] {
            let error = bad.parse::<TimeControl>().expect_err(bad);
            assert_eq!(
                error.to_string(),
                format!("{bad:?} is not SECONDS+INCREMENT (like 10+0.1) or SECONDS")
            );
        }
        assert_eq!(TimeControl::MoveTime(ms(100)).tag_value(), "-");
    }

    #[test]
    fn a_clock_counts_down_and_gains_its_increment() {
        let time = "1+0.01".parse().expect("a time control");
        let mut clock = Clock::new(Terms {
            time,
            depth: None,
            margin: ms(50),
        });
        assert_eq!(clock.limits().to_string_for_test(), "time 1000 inc 10");
        assert_eq!(clock.allowed(), ms(1050));
        clock.spend(ms(300));
        assert_eq!(clock.limits().time, Some(710));
        assert_eq!(clock.left(), ms(710));
        clock.spend(ms(2000));
        assert_eq!(clock.limits().time, Some(10));
        assert_eq!(clock.left(), ms(10));
        let mut fixed = Clock::new(Terms {
            margin: MARGIN,
            ..Terms::patient(ms(100))
        });
        fixed.spend(ms(99));
        assert_eq!(fixed.limits().to_string_for_test(), "movetime 100");
        assert_eq!(fixed.allowed(), ms(150));
        let waited = Clock::new(Terms::patient(ms(100)));
        assert_eq!(waited.limits().to_string_for_test(), "movetime 100");
        assert_eq!(waited.allowed(), ms(3100));
    }

    #[test]
    fn a_busy_thread_gets_a_share_of_a_core() {
        let share = core_share(ms(20));
        assert!(share > 0.0 && share <= 1.0, "{share}");
        let margin = load_margin();
        assert!(
            MARGIN <= margin && margin <= MARGIN.mul_f64(MAX_LOAD_FACTOR),
            "{margin:?}"
        );
    }

    /// The probe keeps its thread busy for the whole time asked, and a
    /// margin measured stands for a while: the next game's is the same.
    /// (That it is not measured again is not asserted by its time: a
    /// loaded machine may pause any thread longer than the probe takes.)
    #[test]
    fn the_probe_takes_its_time_and_its_measure_stands() {
        let started = Instant::now();
        core_share(ms(20));
        assert!(started.elapsed() >= ms(20), "{:?}", started.elapsed());
        let first = load_margin();
        assert_eq!(load_margin(), first);
    }

    #[test]
    fn a_measure_of_the_share_stands_for_its_age_and_no_longer() {
        let at = Instant::now();
        let measured = Some((at, 0.5));
        assert_eq!(standing(measured, at), Some(0.5));
        assert_eq!(standing(measured, at + SHARE_AGE - ms(1)), Some(0.5));
        assert_eq!(standing(measured, at + SHARE_AGE), None);
        assert_eq!(standing(None, at), None);
    }

    #[test]
    fn the_share_and_the_margin_follow_the_processor_time_given() {
        assert_eq!(share(ms(10), ms(40)), 0.25);
        assert_eq!(share(ms(40), ms(40)), 1.0);
        assert_eq!(share(ms(50), ms(40)), 1.0);
        assert_eq!(share(Duration::ZERO, ms(40)), 0.01);
        assert_eq!(share(ms(1), Duration::ZERO), 1.0);
        assert_eq!(margin_for(1.0), MARGIN);
        assert_eq!(margin_for(0.5), ms(100));
        assert_eq!(margin_for(0.25), ms(200));
        assert_eq!(margin_for(0.01), ms(300));
    }

    #[test]
    fn a_depth_goes_with_the_time() {
        let clock = Clock::new(Terms {
            time: "1+0.01".parse().expect("a time control"),
            depth: Some(3),
            margin: MARGIN,
        });
        assert_eq!(
            clock.limits().to_string_for_test(),
            "time 1000 inc 10 depth 3"
        );
        let deep = Clock::new(Terms {
            depth: Some(2),
            margin: MARGIN,
            ..Terms::patient(ms(600_000))
        });
        assert_eq!(
            deep.limits().to_string_for_test(),
            "movetime 600000 depth 2"
        );
        assert_eq!(deep.allowed(), ms(600_050));
    }

    trait ForTest {
        fn to_string_for_test(&self) -> String;
    }

    impl ForTest for GoLimits {
        fn to_string_for_test(&self) -> String {
            let line = crate::kep::Command::Go(self.clone()).to_string();
            line.trim_start_matches("go ").to_owned()
        }
    }
}
