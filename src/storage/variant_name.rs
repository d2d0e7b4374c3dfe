//! A variant in the state files as its command-line name ("jigsaw",
//! "windoku,x"), so a person reading the file reads the rules by name.
//! For `#[serde(with = "variant_name")]` on an `Option<Variant>`.

use crate::engine::{Named, Variant};
use serde::{Deserialize, Deserializer, Serializer};

pub fn serialize<S: Serializer>(variant: &Option<Variant>, out: S) -> Result<S::Ok, S::Error> {
    match variant {
        Some(v) => out.serialize_str(v.name()),
        None => out.serialize_none(),
    }
}

pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Option<Variant>, D::Error> {
    let Some(name) = Option::<String>::deserialize(input)? else {
        return Ok(None);
    };
    Variant::parse(&name)
        .map(Some)
        .map_err(serde::de::Error::custom)
}

/// A variant as the screen names it beside the size: "" for classic,
/// "X", "windoku", "windoku X", "jigsaw", "jigsaw X", "killer", "killer X".
pub fn words(variant: Variant) -> &'static str {
    match variant {
        Variant::Classic => "",
        Variant::X => "X",
        Variant::Windoku => "windoku",
        Variant::WindokuX => "windoku X",
        Variant::Jigsaw => "jigsaw",
        Variant::JigsawX => "jigsaw X",
        Variant::Killer => "killer",
        Variant::KillerX => "killer X",
    }
}
