//! What the requests of a record open for annotation ask, read alike by
//! `kifu serve`'s routes and by [`crate::board::Board`].

/// The body of `goto`, `promote` and `delete`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NodeBody {
    pub(crate) node: usize,
}

/// The body of `moves`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "AnnotationMoveBody")]
pub(crate) struct MoveBody {
    #[serde(rename = "move")]
    pub(crate) text: String,
}

/// The body of `comment`: the node's comments become this one, or none
/// when it is empty.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CommentBody {
    pub(crate) node: usize,
    pub(crate) comment: String,
}

/// The body of `glyph`: each field given replaces the node's (an empty
/// glyph takes it off).
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct GlyphBody {
    pub(crate) node: usize,
    pub(crate) glyph: Option<String>,
    pub(crate) nags: Option<Vec<u8>>,
}

/// The body of `tags`: every tag, in order.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TagsBody {
    pub(crate) tags: Vec<TagOwned>,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TagOwned {
    pub(crate) name: String,
    pub(crate) value: String,
}

impl TagsBody {
    /// The tags, as name and value.
    pub(crate) fn pairs(self) -> Vec<(String, String)> {
        (self.tags.into_iter())
            .map(|tag| (tag.name, tag.value))
            .collect()
    }
}
