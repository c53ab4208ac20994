#!/usr/bin/env node
import "../dist/surf-cli.js";
