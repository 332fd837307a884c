#!/bin/sh
# formats the file named in the tool input
exit 0
