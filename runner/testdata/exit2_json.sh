#!/usr/bin/env bash
# exit 2, JSON without a decision: JSON wins, does not block.
echo '{"systemMessage":"hi"}'
exit 2
