//! Text encodings of PDN files: UTF-8, Windows-1251, CP866, Latin-1.
