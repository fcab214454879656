//! One test (or more) per case of the rules, named after it.

use super::*;
