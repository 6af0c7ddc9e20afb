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
