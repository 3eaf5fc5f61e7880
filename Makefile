.PHONY: start test setup typecheck

# Node 22 LTS: scripts/ensure-node.sh puts it in .tools/node when the machine's Node is older,
# and every recipe below (npm, npx, tsx and what they spawn) runs on it.
export PATH := $(CURDIR)/.tools/node/bin:$(PATH)

# Installs what is missing (Debian engines, npm packages, web build), then starts
# API + worker + web on PORT (8080) with DATA_DIR (./data) or DATABASE_URL.
start: setup
	npm start --silent

# Installs what is missing, then runs the whole test suite (unit, engine, API on PGlite and PostgreSQL,
# browser e2e against the built web app).
test: setup
	npx tsc -p tsconfig.json --noEmit
	npx tsc -p apps/web/tsconfig.json --noEmit
	npx vitest run

setup:
	bash scripts/setup.sh
