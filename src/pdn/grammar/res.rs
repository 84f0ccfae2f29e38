//! What every parser of the grammar returns, and a failure for checks that are no
//! combinators (in a file of its own, so that the parsers need not import their parent).

use nom::IResult;

pub(super) type Res<'a, T> = IResult<&'a [u8], T>;

/// A parser's failure at `i`, for checks that are not combinators.
pub(super) fn fail<T>(i: &[u8]) -> Res<'_, T> {
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Verify,
    )))
}
