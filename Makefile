# planet: the two commands of the README, and a few for development.
SWIFT ?= swift

.PHONY: demo test setup build clean

## demo: install the C libraries if missing, build, run `planet build` on the shipped feeds.txt
demo: setup
	$(SWIFT) build -c release --product planet
	.build/release/planet build --config feeds.txt --output output

## test: install the C libraries if missing, run every test
test: setup
	$(SWIFT) test

setup:
	scripts/setup.sh

build: setup
	$(SWIFT) build

clean:
	rm -rf .build output
