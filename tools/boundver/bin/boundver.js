#!/usr/bin/env node
import "../dist/boundver-cli.js";
