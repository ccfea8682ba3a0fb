/// The constants of `org.freedesktop.Notifications` (Desktop Notifications Specification 1.2).
enum NotificationsInterface {
    static let busName = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    static let interface = "org.freedesktop.Notifications"
    static let specVersion = "1.2"

    /// What Herald really does: buttons, bodies with markup and links (links in the detail view),
    /// images as attachments, notifications kept in history and inline replies — and `sound`
    /// while sounds play through the sound server (the spec asks a server listing it to play
    /// `sound-file` and `sound-name`; the terminal bell alone does not).
    static func capabilities(playingSounds: Bool) -> [String] {
        ["actions", "body", "body-hyperlinks", "body-markup", "icon-static", "inline-reply", "persistence"]
            + (playingSounds ? ["sound"] : [])
    }

    /// The interfaces of the notifications object (none has properties).
    static let objectInterfaces: Set<String> = [interface, "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer",
                                                "org.freedesktop.DBus.Properties"]

    /// `NotificationClosed` reasons.
    enum CloseReason: UInt32 {
        case expired = 1
        case dismissed = 2
        case closedByCall = 3
        case other = 4
    }

    static let introspection = """
    <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
    <node>
      <interface name="org.freedesktop.DBus.Introspectable">
        <method name="Introspect"><arg name="xml" type="s" direction="out"/></method>
      </interface>
      <interface name="org.freedesktop.DBus.Properties">
        <method name="Get">
          <arg name="interface_name" type="s" direction="in"/>
          <arg name="property_name" type="s" direction="in"/>
          <arg name="value" type="v" direction="out"/>
        </method>
        <method name="GetAll">
          <arg name="interface_name" type="s" direction="in"/>
          <arg name="properties" type="a{sv}" direction="out"/>
        </method>
        <method name="Set">
          <arg name="interface_name" type="s" direction="in"/>
          <arg name="property_name" type="s" direction="in"/>
          <arg name="value" type="v" direction="in"/>
        </method>
      </interface>
      <interface name="org.freedesktop.Notifications">
        <method name="GetCapabilities"><arg name="capabilities" type="as" direction="out"/></method>
        <method name="Notify">
          <arg name="app_name" type="s" direction="in"/>
          <arg name="replaces_id" type="u" direction="in"/>
          <arg name="app_icon" type="s" direction="in"/>
          <arg name="summary" type="s" direction="in"/>
          <arg name="body" type="s" direction="in"/>
          <arg name="actions" type="as" direction="in"/>
          <arg name="hints" type="a{sv}" direction="in"/>
          <arg name="expire_timeout" type="i" direction="in"/>
          <arg name="id" type="u" direction="out"/>
        </method>
        <method name="CloseNotification"><arg name="id" type="u" direction="in"/></method>
        <method name="GetServerInformation">
          <arg name="name" type="s" direction="out"/>
          <arg name="vendor" type="s" direction="out"/>
          <arg name="version" type="s" direction="out"/>
          <arg name="spec_version" type="s" direction="out"/>
        </method>
        <signal name="NotificationClosed"><arg name="id" type="u"/><arg name="reason" type="u"/></signal>
        <signal name="ActionInvoked"><arg name="id" type="u"/><arg name="action_key" type="s"/></signal>
        <signal name="ActivationToken"><arg name="id" type="u"/><arg name="activation_token" type="s"/></signal>
        <signal name="NotificationReplied"><arg name="id" type="u"/><arg name="text" type="s"/></signal>
      </interface>
    </node>
    """
}
