package io.tcplab.stack.profile;

/** One option a profile sets, as text ({@link ProfileKey}), and where the value comes from. */
public record ProfileValue(ProfileKey key, String value, String source) {
}
