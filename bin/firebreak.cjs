#!/usr/bin/env node
'use strict';
require('../dist/cli/firebreak.cjs');
