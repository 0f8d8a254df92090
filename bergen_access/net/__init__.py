"""Playing over a network (issue 15): the table server, its line protocol and the clients."""
