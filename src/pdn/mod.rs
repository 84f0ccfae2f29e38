//! PDN reading: splitting a byte stream into games, tokens with byte offsets, tags.
