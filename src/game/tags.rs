//! The tags of a record as a game reads them.

/// The tags of a record as a game reads them.
#[derive(Debug, Clone, Copy)]
pub struct Tags<'a> {
    tags: &'a [crate::record::Tag],
}

impl<'a> Tags<'a> {
    /// Wraps a record's tags.
    pub fn new(tags: &'a [crate::record::Tag]) -> Self {
        Self { tags }
    }

    /// The value of the tag `name`, if present.
    pub fn get(&self, name: &str) -> Option<&'a str> {
        self.iter()
            .find(|&(n, _)| n == name)
            .map(|(_, value)| value)
    }

    /// Every tag's name and value, in the record's order.
    pub fn iter(&self) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        self.tags
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str()))
    }
}

/// Now, from a clock that also runs in a browser (`std`'s does not there).
fn now() -> time::OffsetDateTime {
    let since = web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH);
    let seconds = since.map_or(0, |since| since.as_secs());
    time::OffsetDateTime::from_unix_timestamp(seconds.try_into().unwrap_or(i64::MAX))
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
}

/// Today's date as the `Date` tag writes it, in UTC: `2026.12.01`. When
/// `SOURCE_DATE_EPOCH` holds a time in seconds, as for reproducible
/// builds, that day is today: records written in tests and builds come
/// out the same every day.
pub fn today() -> String {
    let epoch = std::env::var("SOURCE_DATE_EPOCH").ok();
    let pinned = epoch.and_then(|seconds| seconds.trim().parse::<i64>().ok());
    let now = pinned
        .and_then(|seconds| time::OffsetDateTime::from_unix_timestamp(seconds).ok())
        .unwrap_or_else(now);
    let date = now.date();
    format!(
        "{:04}.{:02}.{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn today_is_a_date_tag_value() {
        let today = super::today();
        let parts: Vec<&str> = today.split('.').collect();
        assert_eq!(
            parts.iter().map(|p| p.len()).collect::<Vec<_>>(),
            [4, 2, 2],
            "{today}"
        );
        assert!(
            today.chars().all(|c| c.is_ascii_digit() || c == '.'),
            "{today}"
        );
    }
}
