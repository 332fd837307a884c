#!/usr/bin/env bash
# exit 2 with bytes that are not UTF-8 on stderr; Gemini (Node) decodes each
# maximal invalid subpart to one U+FFFD: \377 and \376 are two, the
# truncated \342\202 (a cut-off €) one.
printf '\377\376 bad \342\202!' >&2
exit 2
