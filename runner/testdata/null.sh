#!/usr/bin/env bash
# JSON null: no output at all.
echo null
