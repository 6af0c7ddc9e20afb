// The annotation part of the page of `kifu serve` (see annotate.rs).
